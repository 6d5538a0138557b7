/**
 * A results file read with the answers of the event's promoter: whose answers apply to an upload,
 * what they say for a header row (else our header words), and the file read that way. The browser
 * upload holds what still needs the mapping step (~/http/events/timing-page.server); the API,
 * which has no step, refuses it with its problems.
 */
import { asc, eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { eventClasses } from '#db/schema';
import type { Profile } from '~/services/auth/guard.server';
import { eventPromoters } from '~/services/events/management/event-access.server';
import { readFileRows } from '~/services/events/files/event-form.server';
import type { ParseOutcome } from '~/services/events/files/import-problems.server';
import { cellText, type Cell, type SheetRow } from '~/services/events/files/sheet-cells.server';
import {
  classChoices,
  type ClassTarget,
} from '~/services/events/results-import/class-choices.server';
import { fromHeaderRow } from '~/services/events/results-import/header-row.server';
import { resultColumnOf } from '~/services/events/results-import/result-columns.server';
import {
  parseResults,
  type ParsedResult,
  type ResultShape,
} from '~/services/events/results-import/results-parser.server';
import {
  initialState,
  type TimingState,
} from '~/services/events/results-import/timing-import.server';
import {
  answeredHeaders,
  preselectedColumns,
  rememberedSet,
} from '~/services/events/results-import/timing-mappings.server';

/** Whose answers an upload uses and remembers: the promoter uploading, else the event's. */
export function mappingPromoter(db: DB, eventId: number, profile: Profile): number | null {
  if (profile.role === 'promoter') return profile.id;
  const row = eventPromoters(db, eventId);
  return row?.promoterId ?? row?.seriesPromoterId ?? null;
}

/** The answers to start from: the promoter's remembered ones, else our header words. */
export function startingState(db: DB, promoterId: number | null, headers: Cell[]): TimingState {
  if (promoterId === null) return initialState(headers.map((h) => resultColumnOf(cellText(h))));
  const set = rememberedSet(db, promoterId, headers);
  return initialState(preselectedColumns(db, promoterId, headers), set?.statuses ?? {});
}

/** The classes an upload's class values can feed: the event's, or the one class uploaded to. */
export function classTargets(db: DB, eventId: number, classId: number | null): ClassTarget[] {
  const list = db
    .select({ id: eventClasses.id, name: eventClasses.name })
    .from(eventClasses)
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.id))
    .all();
  return classId === null ? list : list.filter((c) => c.id === classId);
}

/** The state with the class each class value feeds (`answers` from the step's form). */
export function withClasses(
  db: DB,
  eventId: number,
  upload: { rows: SheetRow[]; shape: ResultShape; classId: number | null },
  state: TimingState,
  answers: { key: string; target?: string }[] = [],
): TimingState {
  const classId = upload.shape === 'upload-class-result' ? upload.classId : null;
  const targets = classTargets(db, eventId, classId);
  const classes = classChoices(upload.rows, state.columns, upload.shape, targets, answers);
  return { ...state, classes };
}

/** Which headers of the row the promoter has answered for before. */
export function answered(db: DB, promoterId: number | null, headers: Cell[]): boolean[] {
  return promoterId === null ? [] : answeredHeaders(db, promoterId, headers);
}

/**
 * An uploaded results file read: either its outcome already (a file that could not be read, the
 * class-block shape, which has no header row, or an empty file), or its rows from the header row
 * on with the answers to read them with.
 */
export type FileWithAnswers =
  { done: ParseOutcome<ParsedResult[]> } | { rows: SheetRow[]; state: TimingState };

export async function readWithAnswers(
  db: DB,
  file: File,
  shape: ResultShape,
  promoterId: number | null,
): Promise<FileWithAnswers> {
  const read = await readFileRows(file);
  if (!read.ok) return { done: read };
  if (shape === 'upload-all-formatted-class-result' || read.value.length === 0)
    return { done: parseResults(read.value, shape) };
  const rows = fromHeaderRow(read.value);
  return { rows, state: startingState(db, promoterId, rows[0]!.cells) };
}

/** A results file parsed under the promoter's answers; what is still not recognised is refused. */
export async function parseWithAnswers(
  db: DB,
  file: File,
  shape: ResultShape,
  promoterId: number | null,
): Promise<ParseOutcome<ParsedResult[]>> {
  const read = await readWithAnswers(db, file, shape, promoterId);
  if ('done' in read) return read.done;
  return parseResults(read.rows, shape, read.state.columns, { statuses: read.state.statuses });
}
