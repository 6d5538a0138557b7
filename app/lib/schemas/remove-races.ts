/** Remove races: the API body and the admin page's forms. */
import { z } from 'zod';

const resultIds = z.array(z.coerce.number().int().positive()).min(1).max(1000);

/** `{ resultIds: [..] }` or `{ all: true }`. */
export const removeRacesApiSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ resultIds }).strict(),
]);

/** The page's form: chosen races (checkboxes named `race`) or all, then a confirmation step. */
export const removeRacesFormSchema = z.object({
  intent: z.enum(['confirm']),
  scope: z.enum(['chosen', 'all']),
  race: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().positive()).max(1000),
  ),
});
