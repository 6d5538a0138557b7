/**
 * The Remix handler for `/api` reads (GET, HEAD): the same build and routes, the same error bodies
 * in the caller's language (`localizeApiResponse`), without the web-stream plumbing a read does not
 * need. A read has no body to stream in and is never cut short by its own client in a way a loader
 * could act on, so the Request carries no abort controller wired to the response; and a JSON answer
 * is written in one piece with its length. Streamed as it came, a list went out as a chunked write
 * then a separate end-of-body write (two socket writes per answer), after a reader loop over a
 * stream Remix made of bytes it already had. Other answers (CSV exports) stream as before.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { localizeApiResponse } from '~/http/api-answer.server';
import { remixExpressHelpers } from './framework-patches';

const { sendRemixResponse } = remixExpressHelpers();

type RemixOptions = {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function apiReadHandler(opts: RemixOptions) {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const request = readRequest(req);
      const response = await localizeApiResponse(
        await handle(request, opts.getLoadContext(req, res)),
        request,
      );
      if (res.headersSent) return;
      if (response.body !== null && JSON_TYPE.test(response.headers.get('content-type') ?? ''))
        await sendWhole(res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch request Remix reads, with the URL @remix-run/express would give it. */
export function readRequest(req: ExpressRequest): Request {
  // req.hostname follows `trust proxy`; the port comes from X-Forwarded-Host or Host.
  const portOf = (h: string | undefined) => Number.parseInt(h?.split(':')[1] ?? '', 10);
  const forwarded = portOf(req.get('X-Forwarded-Host'));
  const direct = portOf(req.get('host'));
  const port = Number.isSafeInteger(forwarded)
    ? forwarded
    : Number.isSafeInteger(direct)
      ? direct
      : 0;
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
  return new Request(url, { method: req.method, headers: headersOf(req.headers) });
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/** A JSON answer written in one piece, with its length (HEAD: the length, no body). */
async function sendWhole(res: ExpressResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
