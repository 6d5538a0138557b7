/**
 * What can be wrong with an uploaded file (class payouts, results, a series schedule): each problem
 * carries its row and column so the upload is applied whole or refused whole, with the list shown
 * next to the upload field (~/components/import-problems).
 */

/** Why a row or cell was refused; the UI translates `events:problems.<code>`. */
export type ProblemCode =
  | 'emptyFile'
  | 'unsupportedFile'
  | 'notASheet'
  | 'unreadableFile'
  | 'tooLarge'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'missingHeader'
  | 'duplicateHeader'
  | 'notANumber'
  | 'badPayoutType'
  | 'badCurrency'
  | 'missingClassName'
  | 'duplicateClass'
  | 'badPlace'
  | 'aboveLimit'
  | 'placeRequired'
  | 'duplicatePlace'
  | 'missingPlace'
  | 'badResultType'
  | 'riderNameRequired'
  | 'noClassBlock'
  | 'unknownClass'
  | 'noResults'
  | 'badBonus'
  | 'badEmail'
  // series schedule uploads (~/services/events/management/event-import.server)
  | 'noEvents'
  | 'missingTitle'
  | 'missingDate'
  | 'badDate'
  | 'badTime'
  | 'badCountry'
  | 'badState'
  | 'badRaceStyle'
  | 'badWebsite'
  | 'duplicateEvent';

/** One problem: where (row, column header) and why; `value` is the offending text. */
export type ImportProblem = {
  row: number | null;
  column: string | null;
  code: ProblemCode;
  value?: string;
};

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; problems: ImportProblem[] };

/** Thrown by the readers when a file cannot be read at all. */
export class ImportReadError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.code);
    this.name = 'ImportReadError';
  }
}
