/**
 * The Remix handler for `/api/*`: the same as the catch-all, with every error body in the one shape and the
 * caller's language (`localizeApiResponse`): routes answer keys, clients read sentences.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { localizeApiResponse } from '~/http/api-answer.server';
import { directActionAnswer } from './perf/api-writes';
import { fetchUrl, hasBody, headersOf, isWholePage, sendWhole } from './fetch-bridge';
import { remixExpressHelpers } from './framework-patches';
import type { DirectAction } from './route-policy';

const { createRemixRequest, sendRemixResponse } = remixExpressHelpers();

type RemixOptions = {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/**
 * `/api` through Remix. A JSON body is read whole first (it is small: server/body-limit.ts caps it)
 * and a JSON answer written in one piece with its length: the web-stream plumbing of the general
 * handler (a stream pump per body, a reader loop per answer, an abort controller per request) was
 * most of what a small JSON write cost besides its own work (the counter's redemptions). Other
 * requests (reads; multipart uploads, which stream and follow the request's signal) and other
 * answers (CSV exports) go the general way. A JSON write to a route whose handle says
 * `direct: 'action'` is answered by its action called directly (server/perf/api-writes.ts) unless its
 * address has a query string (Remix takes some of its own parameters out of those).
 */
export function apiRequestHandler(
  opts: RemixOptions & { direct?: (pathname: string) => DirectAction | null },
) {
  const handle = createRequestHandler(opts.build, opts.mode);
  const production = opts.mode === 'production';
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const write = isJsonBody(req);
      const direct =
        write && MUTATIONS.has(req.method) && !req.originalUrl.includes('?')
          ? opts.direct?.(req.path)
          : null;
      const request = write ? jsonRequest(req, await readBody(req)) : createRemixRequest(req, res);
      if (res.headersSent) return;
      const context = opts.getLoadContext(req, res);
      const response = await localizeApiResponse(
        direct
          ? await directActionAnswer(direct, request, context, opts.build, production)
          : await handle(request, context),
        request,
      );
      if (res.headersSent) return;
      // A JSON write's answer is small (a receipt, an error); lists (GET) keep streaming.
      if (write && isJson(response)) await sendWhole(res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      // The refused body's reader failed after the 413 went out: nothing left to answer or log.
      if (res.locals.bodyRefused) return;
      next(error);
    }
  };
}

/**
 * Express → Remix, like @remix-run/express's handler, with the answer passed through `transform`
 * and never sent twice: a request whose body was refused (413, server/body-limit.ts) is already
 * answered when Remix finishes with it.
 */
export function remixRequestHandler(
  opts: RemixOptions,
  transform: (response: Response, request: Request) => Response | Promise<Response> = (r) => r,
) {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await transform(
        await handle(request, opts.getLoadContext(req, res)),
        request,
      );
      if (res.headersSent) return;
      // A page is made whole before it leaves (app/entry.server.tsx): written in one piece.
      if (isWholePage(response)) await sendWhole(res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      if (res.locals.bodyRefused) return;
      next(error);
    }
  };
}

/** The methods Remix runs an action for (any other goes to the loader, or is refused). */
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function isJsonBody(req: ExpressRequest): boolean {
  return (
    req.method !== 'GET' && req.method !== 'HEAD' && JSON_TYPE.test(req.get('content-type') ?? '')
  );
}

function isJson(response: Response): boolean {
  return hasBody(response) && JSON_TYPE.test(response.headers.get('content-type') ?? '');
}

/** The whole request body (its size is capped before: the reader errors past the limit). */
function readBody(req: ExpressRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('request body cut short'));
    });
  });
}

/** The Fetch request Remix reads, as @remix-run/express builds it, over a body already read. */
function jsonRequest(req: ExpressRequest, body: Buffer): Request {
  return new Request(fetchUrl(req), {
    method: req.method,
    headers: headersOf(req.headers),
    body: new Uint8Array(body),
  });
}
