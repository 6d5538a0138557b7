/**
 * The Remix handler for `/api/*`: the same as the catch-all, with every error body in the one shape and the
 * caller's language (`localizeApiResponse`): routes answer keys, clients read sentences.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { localizeApiResponse } from '~/http/api-answer.server';
import { remixExpressHelpers } from './framework-patches';

const { createRemixRequest, sendRemixResponse } = remixExpressHelpers();

export function apiRequestHandler(opts: RemixOptions) {
  return remixRequestHandler(opts, localizeApiResponse);
}

type RemixOptions = {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

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
      const response = await handle(request, opts.getLoadContext(req, res));
      if (res.headersSent) return;
      await sendRemixResponse(res, await transform(response, request));
    } catch (error) {
      // The refused body's reader failed after the 413 went out: nothing left to answer or log.
      if (res.locals.bodyRefused) return;
      next(error);
    }
  };
}
