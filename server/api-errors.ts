/**
 * The Remix handler for `/api/*`: the same as the catch-all, with every error body put into the
 * caller's language (`localizeApiResponse`): routes answer keys, clients read sentences.
 */
import * as remixExpress from '@remix-run/express';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { localizeApiResponse } from '~/services/platform/json-api.server';

// Exported by @remix-run/express at run time, absent from its type declarations.
const { createRemixRequest, sendRemixResponse } = remixExpress as unknown as {
  createRemixRequest: (req: ExpressRequest, res: ExpressResponse) => Request;
  sendRemixResponse: (res: ExpressResponse, response: Response) => Promise<void>;
};

export function apiRequestHandler(opts: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handle(request, opts.getLoadContext(req, res));
      await sendRemixResponse(res, await localizeApiResponse(response, request));
    } catch (error) {
      next(error);
    }
  };
}
