/** Search params of the year-end tax lists (page and downloads). */
import { z } from 'zod';

const year = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ invalid_type_error: 'tax:errors.year' })
    .int('tax:errors.year')
    .min(2000, 'tax:errors.year')
    .max(2100, 'tax:errors.year')
    .optional(),
);

export const taxYearSchema = z.object({ year });
export const taxDownloadSchema = z.object({
  year,
  list: z.enum(['1099', '1042s']).catch('1099'),
  format: z.enum(['csv', 'xlsx']).catch('csv'),
});
