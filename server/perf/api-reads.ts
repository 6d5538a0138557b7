/**
 * The Remix handler for `/api` reads (GET, HEAD): the same build and routes, the same error bodies
 * in the caller's language (`localizeApiResponse`), without the web-stream plumbing a read does not
 * need. A read has no body to stream in and is never cut short by its own client in a way a loader
 * could act on, so the Request carries no abort controller wired to the response; and a JSON answer
 * is written in one piece with its length. Streamed as it came, a list went out as a chunked write
 * then a separate end-of-body write (two socket writes per answer), after a reader loop over a
 * stream Remix made of bytes it already had. Other answers (CSV exports) stream as before.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { localizeApiResponse } from '~/http/api-answer.server';
import { fetchUrl, hasBody, headersOf, sendWhole } from '../fetch-bridge';
import { remixExpressHelpers } from '../framework-patches';
import type { ResourceLoader } from '../route-policy';

const { sendRemixResponse } = remixExpressHelpers();

type RemixOptions = {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/** The public reads' loaders by path (server/route-policy.ts); null: through Remix. */
export type DirectReads = (
  pathname: string,
) => { loader: ResourceLoader; params: Record<string, string> } | null;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function apiReadHandler(opts: RemixOptions & { direct?: DirectReads }) {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const request = readRequest(req);
      const context = opts.getLoadContext(req, res);
      const response = await localizeApiResponse(
        (await directAnswer(opts.direct?.(req.path), request, context)) ??
          (await handle(request, context)),
        request,
      );
      if (res.headersSent) return;
      if (hasBody(response) && JSON_TYPE.test(response.headers.get('content-type') ?? ''))
        await sendWhole(res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A public read's loader called directly: the loader of a resource route is all Remix runs for
 * it, and the static handler around it (matching again, copies of the request without Remix's own
 * query parameters, the data strategy) was a tenth of a list's cost. Only a Response the loader
 * returns is answered here; anything else (a thrown answer, an error, plain data) is left to
 * Remix, which runs the loader again (a public read has no side effect) and answers as it always
 * does.
 */
async function directAnswer(
  found: ReturnType<DirectReads> | undefined,
  request: Request,
  context: AppLoadContext,
): Promise<Response | null> {
  if (!found) return null;
  try {
    const result = await found.loader({ request, params: found.params, context });
    return result instanceof Response ? result : null;
  } catch {
    return null;
  }
}

/** The Fetch request Remix reads, with the URL @remix-run/express would give it. */
function readRequest(req: ExpressRequest): Request {
  const url = fetchUrl(req);
  return new Request(url, { method: req.method, headers: headersOf(req.headers) });
}
