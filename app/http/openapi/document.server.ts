/**
 * The OpenAPI 3.1 description of every `/api` call, built from the zod schemas the routes
 * validate with (zod-openapi), once per process.
 */
import { createDocument } from 'zod-openapi';
import { apiErrorSchema } from '~/http/openapi/parts';
import { catalogPaths } from '~/http/openapi/paths-catalog';
import { peoplePaths } from '~/http/openapi/paths-people';
import { securityPaths } from '~/http/openapi/paths-security';
import { vinPaths } from '~/http/openapi/paths-vin';

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: '3.1.0',
    info: {
      title: 'contingency cash API',
      version: '1.0.0',
      description:
        "Every /api call. Messages are in the caller's language: the lang query parameter, then the lang cookie, then Accept-Language. Every error answers { error, code, field?, issues? }. Signed-in calls use the site's session cookie.",
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
    components: { schemas: { ApiError: apiErrorSchema } },
  });
  return cached;
}
