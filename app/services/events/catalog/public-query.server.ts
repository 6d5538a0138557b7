/** Query helpers the public finders share: a literal text search and the page window. */
import { pageWindow } from '~/lib/pagination';

export type Pagination = { page: number; totalPages: number; total: number };

export { contains } from '~/services/platform/like.server';

export function pageOf(total: number, requested: number) {
  const { offset, limit, pagination } = pageWindow(total, requested);
  return { ...pagination, offset, size: limit };
}

/**
 * An API list's answer as bytes, cached with the answer it encodes: a cached list was otherwise
 * serialized and encoded again on every call. Shared by every request: never changed.
 */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value));
}
