/**
 * What the event page and its mapping step answer: a refusal shown next to the form that was used
 * (its reason, upload problems, award conflicts, field errors), and the event page's path.
 * Shared by event-page.server and timing-page.server.
 */
import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import type { ChangeOutcome } from '~/services/events/management/event-change.server';
import type { ImportProblem } from '~/services/events/files/import-problems.server';

export type ManagerRole = 'admin' | 'promoter';

/** What a refused action sends back to the page (shown next to the form that was used). */
export type EventActionData = {
  intent: string | null;
  targetId: number | null;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  problems: ImportProblem[];
  conflicts: AwardConflict[];
  /** A Conform form's answer (what was typed and its errors), for the forms that keep it. */
  reply?: SubmissionResult<string[]>;
  /**
   * The choices a refused upload was sent with (a file input cannot be refilled, its choices can):
   * without JavaScript the page comes back with them instead of the defaults.
   */
  sent?: Record<string, string>;
};

/** A refusal's body: nothing refused but what `partial` says. */
export function refusalBody(partial: Partial<EventActionData>): EventActionData {
  return {
    intent: null,
    targetId: null,
    error: null,
    fieldErrors: {},
    problems: [],
    conflicts: [],
    ...partial,
  };
}

/** A 400 (or `status`) answer with a refusal. */
export function refused(partial: Partial<EventActionData>, status = 400) {
  return data(refusalBody(partial), { status });
}

/** A refused change in words: its reason, the upload problems, the award conflicts. */
export function outcomeRefusal(outcome: Extract<ChangeOutcome<unknown>, { ok: false }>) {
  return {
    error:
      outcome.error === 'conflicts' ? 'events:errors.conflicts' : `events:errors.${outcome.error}`,
    problems: outcome.problems ?? [],
    conflicts: outcome.conflicts ?? [],
  };
}
