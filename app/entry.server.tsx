import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { busyAnswer, busyRetryAfter, noteBusy } from '~/http/busy.server';
import { htmlBody } from '~/http/html-stream.server';
import { keptAnswer } from '~/http/kept-answer.server';
import { i18nFor, requestLang } from '~/i18next.server';
import { ServerFormFailed } from '~/components/form-failed';
import { NonceProvider } from '~/components/nonce';
import { anyFailedSubmission } from '~/lib/failed-submission';
import { logger } from '~/services/platform/log.server';

const ABORT_DELAY = 5_000;

/** Errors thrown by loaders and actions: one log line with the stack (aborted requests skipped). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A full hashing line is load, not a fault: the request is answered 503 (app/http/busy.server.ts).
  if (noteBusy(request, error)) {
    logger().warn({ path: new URL(request.url).pathname }, 'hashing line full: 503');
    return;
  }
  // A body refused for its size was answered with 413 by the server (server/body-limit.ts).
  if ((error as { code?: string } | null)?.code === 'BODY_OVER_LIMIT') return;
  // What a client alone can cause (no route, wrong method, a wrong `_data` route id) is not a
  // server error: an error-level line per such request would let anyone flood the error log.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger().info(
      { status: error.status, method: request.method, path: new URL(request.url).pathname },
      'request refused',
    );
    return;
  }
  logger().error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    'request error',
  );
}

/** Data requests (and the API's writes): a request that met a full hashing line answers 503. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  return busyAnswer(request, response);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const busy = busyRetryAfter(request);
  if (busy !== undefined) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(busy));
  }
  // One i18next instance per language, shared by every request (its language never changes).
  const instance = await i18nFor(requestLang(request));
  // Security headers (CSP with this request's nonce) are set by the Express server.
  const nonce = loadContext.cspNonce ?? '';

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The status as the shell was ready: an error in a boundary after it (client-rendered then,
    // or a deferred value aborted after ABORT_DELAY) leaves the page's status as it was.
    let status = responseStatusCode;
    // Abort a render still waiting on deferred data after ABORT_DELAY, and only then: once every
    // boundary is ready the timer is cleared, so the finished render (its tree and loader data) is
    // not held in memory for 5 s after each request (it was, and RSS grew with the request rate).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    // Browsers and crawlers alike get the whole page at once, as bytes: the loader data React
    // streams into the page (Remix's single fetch) comes right after the shell, and a page sent
    // in pieces paid a stream, a pump and a socket write per piece.
    const body = htmlBody((page) => {
      responseHeaders.set('Content-Type', 'text/html');
      resolve(keptAnswer(page, { headers: responseHeaders, status }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          {/* The action answers of this request (EntryContext's router state) name a failed
              form: the root's title says so before any route renders. */}
          <ServerFormFailed.Provider
            value={anyFailedSubmission(remixContext.staticHandlerContext.actionData)}
          >
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={ABORT_DELAY}
              nonce={nonce}
            />
          </ServerFormFailed.Provider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          status = responseStatusCode;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error }, 'render error');
        },
      },
    );
  });
}
