/**
 * Checks API answers against the OpenAPI description, so the description cannot drift: the
 * operation is found by method and path, the answer's status must be documented (or fall under
 * `default`), and a JSON body must match that response's schema (ajv, JSON Schema 2020-12).
 * Used by the API unit tests (document built in-process) and the security suite (the document
 * the server serves at /api/openapi.json).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Media = { schema?: object };
type Operation = { responses: Record<string, { content?: Record<string, Media> }> };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};

export type Contract = {
  /** Throws with the reasons when the answer does not match the description. */
  check(method: string, url: string, status: number, body: unknown, type?: string): void;
};

/** A contract over a document (dereferenced first: ajv then needs no $ref resolution). */
export async function contractOf(doc: object): Promise<Contract> {
  const deref = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const compiled = new Map<object, ValidateFunction>();
  const templates = Object.keys(deref.paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      re: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  const validateAgainst = (schema: object, body: unknown, what: string) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (!validate(body)) {
      throw new Error(
        `${what} does not match the OpenAPI document: ${ajv.errorsText(
          validate.errors,
        )}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  };
  return {
    check(method, url, status, body, type = 'application/json') {
      const pathname = new URL(url, 'http://localhost').pathname;
      const template = templates.find((t) => t.re.test(pathname));
      if (!template) {
        // A path no operation describes may only be refused, in the API's common error shape.
        const error = deref.components?.schemas?.ApiError;
        if (status < 400 || status >= 500 || !error || !type.includes('json')) {
          throw new Error(`No operation in the OpenAPI document for ${pathname} (${status})`);
        }
        validateAgainst(error, body, `${method} ${pathname} ${status}`);
        return;
      }
      const m = method === 'HEAD' ? 'get' : method.toLowerCase();
      const operation = deref.paths[template.path]![m];
      if (!operation) {
        if (status === 405) return;
        throw new Error(`${method} ${template.path} is not in the OpenAPI document`);
      }
      const response = operation.responses[String(status)] ?? operation.responses.default;
      if (!response) throw new Error(`${method} ${template.path}: status ${status} not documented`);
      if (!type.includes('json')) return;
      const schema = response.content?.['application/json']?.schema;
      if (!schema) {
        if (body === undefined || body === null) return;
        throw new Error(`${method} ${template.path} ${status}: JSON body not documented`);
      }
      validateAgainst(schema, body, `${method} ${template.path} ${status}`);
    },
  };
}

let inProcess: Promise<Contract> | null = null;

/** The contract of the document the app builds (for tests that call route modules). */
function appContract(): Promise<Contract> {
  inProcess ??= import('~/http/openapi/document.server').then((m) =>
    contractOf(m.openApiDocument()),
  );
  return inProcess;
}

/** Checks one answer of a route module called in-process against the app's description. */
export async function expectContract(request: Request, response: Response): Promise<void> {
  const contract = await appContract();
  const type = response.headers.get('Content-Type') ?? '';
  const body = type.includes('json')
    ? await response
        .clone()
        .json()
        .catch(() => undefined)
    : undefined;
  contract.check(request.method, request.url, response.status, body, type);
}
