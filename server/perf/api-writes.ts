/**
 * A JSON write answered by its resource route's action called directly (its handle says
 * `direct: 'action'`, matched by server/route-policy.ts): what Remix would run for it, without the
 * static handler around it. For such a request Remix matched the path again, copied the Request
 * twice (each copy with its own body stream and abort signal) and ran the data strategy to call
 * one function: at the counter that was more than the guard, the body and the answer together.
 *
 * The answer is the one Remix gives, outcome by outcome:
 * - a Response returned: as it is;
 * - a Response thrown: as it is, marked `X-Remix-Catch: yes` (a redirect is not marked);
 * - plain data: as JSON (Remix's single-fetch answer for a resource route);
 * - anything else thrown (or nothing returned): the build's `handleError`, then 500 (through the
 *   build's `handleDataRequest`, as Remix's own data requests)
 *   "Unexpected Server Error".
 * Everything before (same origin, body limits, rate limits, security headers, the request log)
 * and after (the error body in the caller's words, the answer written whole) is the same as for
 * any `/api` write: server/api-errors.ts calls this in place of Remix.
 */
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import type { DirectAction } from '../route-policy';

type Outcome = { returned: unknown } | { thrown: unknown };

/** The answer Remix gives a resource route's action for `request`. */
export async function directActionAnswer(
  found: DirectAction,
  request: Request,
  context: AppLoadContext,
  build: ServerBuild,
  production: boolean,
): Promise<Response> {
  let outcome: Outcome;
  try {
    outcome = { returned: await found.action({ request, params: found.params, context }) };
  } catch (error) {
    outcome = { thrown: error };
  }
  if ('returned' in outcome) {
    const value = outcome.returned;
    if (value instanceof Response) return value;
    if (value !== undefined)
      return new Response(JSON.stringify(value), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    outcome = { thrown: new Error('The action returned nothing: return a value or null.') };
  }
  const error = outcome.thrown;
  if (error instanceof Response) return isRedirect(error) ? error : caught(error);
  reportError(build, error, request, found.params, context);
  const message = production
    ? 'Unexpected Server Error'
    : `Unexpected Server Error\n\n${String(error)}`;
  const answer = new Response(message, { status: 500, headers: { 'Content-Type': 'text/plain' } });
  // As Remix does for its data requests: the build may answer otherwise (a busy server's 503).
  const handleDataRequest = build.entry.module.handleDataRequest;
  return handleDataRequest
    ? handleDataRequest(answer, { request, params: found.params, context })
    : answer;
}

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has('Location');
}

/** A thrown Response, with the header Remix marks it with (a copy when its headers are frozen). */
function caught(response: Response): Response {
  try {
    response.headers.set('X-Remix-Catch', 'yes');
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set('X-Remix-Catch', 'yes');
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}

/** The build's error handler, as Remix calls it (its own default otherwise: the console). */
function reportError(
  build: ServerBuild,
  error: unknown,
  request: Request,
  params: Record<string, string>,
  context: AppLoadContext,
): void {
  const handleError = build.entry.module.handleError;
  if (handleError) handleError(error, { request, params, context });
  else if (!request.signal.aborted) console.error(error);
}
