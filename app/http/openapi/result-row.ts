/**
 * The OpenAPI schemas of results: one result sent as JSON (its keys are a results file's header
 * words) and the event an event call answers with.
 */
import { z } from 'zod';
import { obj, rows } from '~/http/openapi/parts';
import { resultHeaderWords } from '~/services/events/results-import/result-columns.server';

/** A result's keys: the canonical one, and every header word a results file is read by. */
const cell = (column: Parameters<typeof resultHeaderWords>[0], what: string) =>
  z
    .union([z.string(), z.number()])
    .nullable()
    .optional()
    .describe(
      `${what} Any key a results file takes as this column's header is read the same (case, accents, spaces and punctuation aside): ${resultHeaderWords(column).join(', ')}.`,
    );
export const resultRow = z
  .object({
    className: cell('class', "The class's name (needed without classId)."),
    place: cell('place', 'The place (1, 2…).'),
    riderName: cell('name', "The rider's full name (or firstName and lastName)."),
    firstName: cell('first', "The rider's first name."),
    lastName: cell('last', "The rider's last name."),
    amaNumber: cell('ama', "The rider's AMA number (any key starting with ama too)."),
    email: cell('email', "The rider's e-mail."),
    make: cell('make', 'The bike.'),
    model: cell('model', "The bike's model."),
    hometown: cell('hometown', "The rider's hometown."),
    resultType: cell('resultType', 'finish, DNF, DNS or DQ (or a status word timing systems use).'),
  })
  .catchall(z.unknown())
  .describe(
    "One result, its keys read as a results file's header row: the keys below or any header word a file takes. Keys no column takes (laps, times) are ignored.",
  );

/** What every event call answers: the event reloaded, with its classes and results. */
export const eventView = obj({
  event: obj(),
  classes: rows(),
  results: z.array(
    obj({
      place: z.number().int().nullable(),
      riderName: z.string().nullable(),
      amaNumber: z.string().nullable(),
    }),
  ),
});
