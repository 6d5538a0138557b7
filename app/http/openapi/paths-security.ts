/** The OpenAPI operations of an account's sign-in security: the step-up by passkey. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { passkeyBodySchema } from '~/lib/schemas/passkeys';
import { obj, op } from '~/http/openapi/parts';

export const securityPaths: ZodOpenApiPathsObject = {
  '/api/passkey/step-up': {
    post: op('/api/passkey/step-up', {
      summary:
        "Confirm it is you with one of the account's passkeys (options, then verify): a fresh proof before a change of sign-in security",
      tags: ['Contact and accounts'],
      body: passkeyBodySchema,
      ok: { 200: obj() },
      errors: [401, 403],
    }),
  },
};
