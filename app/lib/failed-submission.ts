/**
 * Whether an action's answer is a form that came back with errors: a Conform reply whose status
 * is 'error' with at least one message, as the answer itself or one of its fields (the house's
 * `{ intent, result }` answers). The page then says so in its title and focuses its summary.
 */
type Reply = { status?: unknown; error?: unknown };

function failedReply(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { status, error } = value as Reply;
  if (status !== 'error' || !error || typeof error !== 'object') return false;
  return Object.values(error).some((messages) => Array.isArray(messages) && messages.length > 0);
}

export function isFailedSubmission(value: unknown): boolean {
  if (failedReply(value)) return true;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).some(failedReply);
}

/** Over the action answers of every route of the page (keyed by route id). */
export function anyFailedSubmission(actionData: Record<string, unknown> | null | undefined) {
  return !!actionData && Object.values(actionData).some(isFailedSubmission);
}
