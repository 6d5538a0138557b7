/** Page arithmetic shared by every paginated list (page, totalPages). */
import { PAGE_SIZE } from '~/lib/constants';

/** A 1-based page number from untrusted input (query string, JSON). */
export function parsePage(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/**
 * Offset, limit and the page info for `total` rows: the requested page (missing, fractional or out
 * of range) clamped to 1..totalPages.
 */
export function pageWindow(total: number, page: number | undefined, size: number = PAGE_SIZE) {
  const totalPages = Math.max(1, Math.ceil(total / size));
  const asked = Number.isFinite(page) ? Math.trunc(page as number) : 1;
  const current = Math.min(Math.max(1, asked), totalPages);
  return {
    offset: (current - 1) * size,
    limit: size,
    pagination: { page: current, totalPages, total },
  };
}
