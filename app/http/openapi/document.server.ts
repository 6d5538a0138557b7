/**
 * The OpenAPI 3.1 description of every `/api` call, built from the zod schemas the routes
 * validate with (zod-openapi), once per process.
 */
import { createDocument } from 'zod-openapi';
import { apiErrorSchema, SESSION_SCHEME } from '~/http/openapi/parts';
import { catalogPaths } from '~/http/openapi/paths-catalog';
import { peoplePaths } from '~/http/openapi/paths-people';
import { securityPaths } from '~/http/openapi/paths-security';
import { vinPaths } from '~/http/openapi/paths-vin';

/** How a script gets a session: the site's own sign-in form, as a browser without JavaScript. */
const SIGN_IN =
  "Calls marked with sessionCookie need a signed-in session. A script signs in as the sign-in page does without JavaScript: POST /login with a form body (application/x-www-form-urlencoded: email, password) and no Origin header (or the site's own); the answer is a 302 with Set-Cookie: cc_session=…, to send back as a Cookie header. When the account has a second factor (admins), that 302 leads to /login-code with a short-lived challenge cookie instead: POST /login-code with that cookie and a form body code (the 6-digit code of the authenticator app, or a recovery code) answers the 302 with the session cookie. The session lasts 30 days; GET /api/logout ends it. Failed sign-ins are throttled (429 with Retry-After).";

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: '3.1.0',
    info: {
      title: 'contingency cash API',
      version: '1.0.0',
      description: [
        "Every /api call. Messages are in the caller's language: the lang query parameter, then the lang cookie, then Accept-Language. Every error answers { error, code, field?, issues? }.",
        SIGN_IN,
      ].join('\n\n'),
    },
    paths: {
      ...catalogPaths,
      ...peoplePaths,
      ...securityPaths,
      ...vinPaths,
      '/api/openapi.json': {
        get: {
          summary: 'This description (OpenAPI 3.1)',
          tags: ['Reference'],
          responses: {
            200: { description: 'The OpenAPI document.', content: { 'application/json': {} } },
          },
        },
      },
      '/api/docs': {
        get: {
          summary: 'The reference page of this description (HTML)',
          tags: ['Reference'],
          responses: { 200: { description: 'The reference page.', content: { 'text/html': {} } } },
        },
      },
    },
    components: {
      schemas: { ApiError: apiErrorSchema },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cc_session',
          description: `The session cookie of the site's sign-in. ${SIGN_IN}`,
        },
      },
    },
  });
  return cached;
}
