/**
 * Building blocks of the OpenAPI description: the error shape, answers, path parameters, and
 * `op()`, which turns the zod schemas a route validates with into one operation.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { ROLES, type Role } from '~/lib/constants';
import { IDEMPOTENCY_KEY_RE } from '~/services/money/ledger/idempotency.server';

/** The one error shape of every `/api` call (`~/http/api-answer.server`). */
export const apiErrorSchema = z
  .object({
    error: z.string().describe("A sentence in the caller's language."),
    code: z.string().describe('A stable machine code (`invalidInput`, `notFound`, `pinWrong`…).'),
    field: z.string().optional().describe('The input at fault.'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Every input problem, each message a sentence.'),
  })
  .passthrough();

/** An object with these members (and possibly others: answers may grow). */
export const obj = (shape: z.ZodRawShape = {}) => z.object(shape).passthrough();
/** A list of records. */
export const rows = () => z.array(obj());
export const pagination = obj({ page: z.number().int(), totalPages: z.number().int() });

/** The name of the session cookie's security scheme (`components.securitySchemes`). */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * Path parameters, from the names in the address: an id (`{eventId}`) is an integer (the routes
 * answer 400 for anything else), `{role}` one of the roles the call takes.
 */
function pathParams(path: string, roles: readonly Role[]) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return undefined;
  const shape: z.ZodRawShape = {};
  for (const name of names) {
    shape[name] =
      name === 'role'
        ? z.enum(roles as [Role, ...Role[]]).describe("The caller's own role.")
        : name === 'report' || name === 'file'
          ? z.string()
          : z.number().int().min(1).describe('A positive whole number.');
  }
  return z.object(shape);
}

/** The `Idempotency-Key` header of a money write. */
const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .regex(IDEMPOTENCY_KEY_RE)
    .optional()
    .describe(
      'Optional, 8 to 255 visible characters (a UUID). The same key with the same request answers the first result again (nothing is charged twice, for 7 days); with another request, 422.',
    ),
});

/** The zod object of a schema, through refinements and transforms (query parameters need one). */
function objectOf(schema: z.ZodTypeAny): z.AnyZodObject {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  if (!(inner instanceof z.ZodObject)) throw new Error('not an object schema');
  return inner;
}

/** A form schema without its `intent` field (the routes set it), for a JSON body. */
export function withoutIntent(schema: z.ZodTypeAny): z.AnyZodObject {
  const o = objectOf(schema);
  return 'intent' in o.shape ? o.omit({ intent: true }) : o;
}

/** A multipart body with these fields (a file is a binary string). */
export function multipart(fields: z.ZodRawShape) {
  return { content: { 'multipart/form-data': { schema: z.object(fields) } } };
}
export const fileField = z.string().describe('The file (binary).');

type OpInput = {
  summary: string;
  tags: string[];
  /** Who may call it (a sentence): shown on the reference page. */
  description?: string;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** Another body (multipart, a JSON or form body). */
  requestBody?: ZodOpenApiOperationObject['requestBody'];
  /** Success answers by status: a zod schema (JSON), or null for a redirect or a non-JSON body. */
  ok: Record<string, z.ZodTypeAny | { description: string; type: string } | null>;
  /** Error statuses this call answers, beyond the common ones (all take the error shape). */
  errors?: number[];
  /** The roles a `{role}` segment takes (all by default). */
  roles?: readonly Role[];
  /** The call honours an `Idempotency-Key` header. */
  idempotent?: boolean;
};

const ERROR_WORDS: Record<number, string> = {
  400: 'Malformed or invalid input.',
  401: 'Not signed in.',
  403: 'Not allowed for this account.',
  404: 'Not found.',
  405: 'Method not allowed (see the Allow header).',
  409: 'Conflicts with the current state (money already spent, claimed or paid; a stale version).',
  413: 'Too large.',
  415: 'Unsupported media type.',
  422: 'Idempotency key reused with another request.',
  429: 'Too many requests.',
};

/** One operation: its path's parameters, its query and body from the route's schemas, its answers. */
export function op(path: string, input: OpInput): ZodOpenApiOperationObject {
  const errors = input.errors ?? [];
  const responses: ZodOpenApiOperationObject['responses'] = {};
  for (const [status, schema] of Object.entries(input.ok)) {
    const key = status as `2${string}`;
    if (schema === null) {
      responses[key] = { description: status.startsWith('3') ? 'Redirect.' : 'Done.' };
    } else if (schema instanceof z.ZodType) {
      responses[key] = { description: 'Success.', content: { 'application/json': { schema } } };
    } else {
      responses[key] = {
        description: schema.description,
        content: { [schema.type]: { schema: { type: 'string' } } },
      };
    }
  }
  for (const status of [400, 405, ...errors]) {
    responses[String(status) as `4${string}`] = {
      description: ERROR_WORDS[status] ?? 'Error.',
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  responses.default = {
    description: 'Any other error, in the error shape.',
    content: { 'application/json': { schema: apiErrorSchema } },
  };
  const params = pathParams(path, input.roles ?? ROLES);
  return {
    summary: input.summary,
    description: input.description,
    tags: input.tags,
    // A call that can answer 401 needs a signed-in session; the others are public.
    ...(errors.includes(401) ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    requestParams: {
      ...(params ? { path: params } : {}),
      ...(input.query ? { query: objectOf(input.query) } : {}),
      ...(input.idempotent ? { header: idempotencyHeader } : {}),
    },
    ...(input.body
      ? { requestBody: { content: { 'application/json': { schema: input.body } } } }
      : input.requestBody
        ? { requestBody: input.requestBody }
        : {}),
    responses,
  };
}
