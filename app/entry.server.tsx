import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { htmlBodyStream } from '~/http/html-stream.server';
import { i18nFor, requestLang } from '~/i18next.server';
import { NonceProvider } from '~/components/nonce';
import { logger } from '~/services/platform/log.server';

const ABORT_DELAY = 5_000;

/** Errors thrown by loaders and actions: one log line with the stack (aborted requests skipped). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // One i18next instance per language, shared by every request (its language never changes).
  const instance = await i18nFor(requestLang(request));
  const bot = isbot(request.headers.get('user-agent') ?? '');
  // Security headers (CSP with this request's nonce) are set by the Express server.
  const nonce = loadContext.cspNonce ?? '';

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Abort a render still waiting on deferred data after ABORT_DELAY, and only then: once every
    // boundary is ready the timer is cleared, so the finished render (its tree and loader data) is
    // not held in memory for 5 s after each request (it was, and RSS grew with the request rate).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const send = () => {
      shellRendered = true;
      const body = htmlBodyStream();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // Browsers get the shell at once; crawlers the whole page.
        onShellReady() {
          if (!bot) send();
        },
        onAllReady() {
          clearTimeout(timer);
          if (bot) send();
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
