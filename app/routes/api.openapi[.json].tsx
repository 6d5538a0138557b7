/** GET /api/openapi.json — the OpenAPI 3.1 description of every /api call. */
import { openApiDocument } from '~/http/openapi/document.server';
import { allowMethods, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: { request: Request }) {
  allowMethods(request, 'GET');
  return jsonAnswer(openApiDocument(), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  });
}

export const action = onlyMethods('GET');

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
