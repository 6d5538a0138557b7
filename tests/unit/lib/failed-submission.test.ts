/**
 * A page "came back with errors" when an action's answer holds a Conform submission that failed:
 * the answer itself, or one of its fields (`{ intent, result }`). A success, a reply that only
 * resets the form, or anything that is not a submission is not a failure.
 */
import { describe, expect, it } from 'vitest';
import { anyFailedSubmission, isFailedSubmission } from '~/lib/failed-submission';

const failed = { status: 'error', error: { email: ['validation:required'] }, initialValue: {} };

describe('a failed submission', () => {
  it('is a reply with errors, alone or one level down', () => {
    expect(isFailedSubmission(failed)).toBe(true);
    expect(isFailedSubmission({ intent: 'limits', result: failed })).toBe(true);
    expect(isFailedSubmission({ status: 'error', error: { '': ['auth:login.wrong'] } })).toBe(true);
  });

  it('is not a success, an empty error list or something else', () => {
    expect(isFailedSubmission({ status: 'success', initialValue: null })).toBe(false);
    expect(isFailedSubmission({ status: 'error', error: { email: null } })).toBe(false);
    expect(isFailedSubmission({ result: { status: 'success' }, saved: true })).toBe(false);
    expect(isFailedSubmission(null)).toBe(false);
    expect(isFailedSubmission('error')).toBe(false);
    expect(isFailedSubmission({ error: 'claims:errors.x' })).toBe(false);
  });

  it("is an event page's refusal: a reason, field errors, file problems or award conflicts", () => {
    const refusal = {
      intent: 'uploadResults',
      targetId: null,
      error: null,
      fieldErrors: {},
      problems: [],
      conflicts: [],
    };
    expect(
      isFailedSubmission({ ...refusal, fieldErrors: { file: ['events:upload.fileRequired'] } }),
    ).toBe(true);
    expect(isFailedSubmission({ ...refusal, error: 'events:errors.problems' })).toBe(true);
    // A mapping step's preview with nothing wrong is not a failure.
    expect(isFailedSubmission({ ...refusal, intent: 'previewMapping', view: {} })).toBe(false);
  });

  it('any route of the page', () => {
    expect(anyFailedSubmission(undefined)).toBe(false);
    expect(anyFailedSubmission({ root: null, 'routes/login': failed })).toBe(true);
    expect(anyFailedSubmission({ 'routes/x': { saved: true } })).toBe(false);
  });
});
