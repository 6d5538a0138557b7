/**
 * Whether the page shows a form that came back with errors from the server, for the root's title
 * (« Error: » first) and the summary's focus, with and without JavaScript. Remix gives a route
 * only its own action answer (`useActionData`), and the root renders the title before any route:
 * - on the server, entry.server reads the request's action answers and provides the answer here
 *   (`ServerFormFailed`); the root writes it on <html data-form-failed>, where the browser reads it
 *   back while hydrating, so both renders agree;
 * - in the browser, each form that came back with errors says so while it shows them
 *   (`useReportFormFailed`), and the title follows.
 */
import { useActionData } from '@remix-run/react';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { isFailedSubmission } from '~/lib/failed-submission';

/** The server's render: whether an action answer of this request is a failed form. */
export const ServerFormFailed = createContext(false);

const failing = new Set<symbol>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** For the root (title, <html> mark): some form of the page came back with errors. */
export function usePageFormFailed(): boolean {
  const onServer = useContext(ServerFormFailed);
  return useSyncExternalStore(
    subscribe,
    () => failing.size > 0,
    () =>
      typeof document === 'undefined'
        ? onServer
        : document.documentElement.hasAttribute('data-form-failed'),
  );
}

/** A form tells the page, while it is shown, that it came back with errors. */
export function useReportFormFailed(failed: boolean): void {
  useEffect(() => {
    if (!failed) return;
    const token = Symbol('failed form');
    failing.add(token);
    changed();
    return () => {
      failing.delete(token);
      changed();
    };
  }, [failed]);
}

/** Whether this route's last action answer is a form that came back with errors. */
export function useRouteFormFailed(): boolean {
  return isFailedSubmission(useActionData());
}
