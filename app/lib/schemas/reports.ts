/** Report filters: a year (default this year) or an explicit inclusive date range. */
import { z } from 'zod';
import { isDateOnlyString, todayString } from '~/lib/format';
import { listParams } from '~/lib/list-query';

const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v && isDateOnlyString(v) ? v : undefined));

export const reportRangeSchema = z
  .object({
    year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
    startDate: day,
    endDate: day,
    noCache: z.string().optional(),
  })
  .transform((v) => {
    const year = v.year ?? Number(todayString().slice(0, 4));
    const startDate = v.startDate ?? `${year}-01-01`;
    const endDate = v.endDate ?? `${year}-12-31`;
    const custom = Boolean(v.startDate || v.endDate);
    return startDate <= endDate
      ? { year, startDate, endDate, custom }
      : { year, startDate: endDate, endDate: startDate, custom };
  });
export type ReportRange = z.output<typeof reportRangeSchema>;

/** Parses the report range from a URL's query string. */
export function rangeFromUrl(url: string | URL): ReportRange {
  return reportRangeSchema.parse(Object.fromEntries(new URL(url).searchParams));
}

/** Sort keys of the late-results list (the service maps them to columns). */
const LATE_SORTS = ['title', 'date', 'series', 'location', 'daysLate'] as const;
export type LateSort = (typeof LATE_SORTS)[number];

/** Late-results list filters, page and sort (page and API). */
export const lateFilterSchema = z.object({
  title: z.string().trim().max(100).optional(),
  state: z.string().trim().max(10).optional(),
  country: z.string().trim().max(2).optional(),
  ...listParams(LATE_SORTS, 'date'),
});
