/**
 * Whether an action's answer is a form that came back with errors: a Conform reply whose status
 * is 'error' with at least one message, as the answer itself or one of its fields (the house's
 * `{ intent, result }` answers), or an event page's refusal. The page then says so in its title
 * and focuses its summary.
 */
type Reply = { status?: unknown; error?: unknown };

function failedReply(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { status, error } = value as Reply;
  if (status !== 'error' || !error || typeof error !== 'object') return false;
  return Object.values(error).some((messages) => Array.isArray(messages) && messages.length > 0);
}

/** The event page's and mapping step's refusal (EventActionData): a reason or anything listed. */
function failedRefusal(value: object): boolean {
  const v = value as Record<string, unknown>;
  if (!('fieldErrors' in v && 'problems' in v && 'conflicts' in v)) return false;
  const fields = v.fieldErrors && typeof v.fieldErrors === 'object' ? v.fieldErrors : {};
  return (
    (typeof v.error === 'string' && v.error !== '') ||
    Object.values(fields).some((m) => Array.isArray(m) && m.length > 0) ||
    (Array.isArray(v.problems) && v.problems.length > 0) ||
    (Array.isArray(v.conflicts) && v.conflicts.length > 0)
  );
}

export function isFailedSubmission(value: unknown): boolean {
  if (failedReply(value)) return true;
  if (value && typeof value === 'object' && failedRefusal(value)) return true;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).some(failedReply);
}

/** Over the action answers of every route of the page (keyed by route id). */
export function anyFailedSubmission(actionData: Record<string, unknown> | null | undefined) {
  return !!actionData && Object.values(actionData).some(isFailedSubmission);
}
