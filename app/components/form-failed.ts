/**
 * Whether the page shows a form that came back with errors from the server, with or without
 * JavaScript: read from the router's action answers of every route of the page, the same state on
 * the server's render, at hydration and after a client-side submit. Remix offers each route only
 * its own answer (`useActionData`); the root's title needs all of them, which only the router's
 * state context holds.
 */
import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext as RouterState } from 'react-router-dom';
import { anyFailedSubmission } from '~/lib/failed-submission';

export function useFormFailed(): boolean {
  const state = useContext(RouterState);
  return anyFailedSubmission(state?.actionData as Record<string, unknown> | null | undefined);
}
