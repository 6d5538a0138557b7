/**
 * GET /api/docs — the readable reference of the /api calls, drawn on the server from the OpenAPI
 * document, in the caller's language (`?lang`, the lang cookie, Accept-Language).
 */
import { tFor } from '~/i18next.server';
import { openApiDocument } from '~/http/openapi/document.server';
import { referencePage } from '~/http/openapi/reference-page.server';
import { apiLang, onlyMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: { request: Request }) {
  const lang = apiLang(request);
  const html = referencePage(
    openApiDocument() as unknown as Parameters<typeof referencePage>[0],
    await tFor(lang),
    lang,
  );
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': lang },
  });
}

export const action = onlyMethods('GET');

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
