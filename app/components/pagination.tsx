/**
 * Previous / next links for a paginated list. The links
 * keep the current query string (filters) and only change `page`, so they work without JS.
 */
import { useLocation } from '@remix-run/react';
import { PageLink } from '~/components/link';
import { useTranslation } from 'react-i18next';
import { withParams } from '~/lib/search-params';

/**
 * The search string for another page of the same list: `param` (default 'page') set, or removed
 * for page 1, and the `drop` parameters (one-off states such as an open confirmation) removed.
 */
export function pageSearch(
  search: string,
  page: number,
  param = 'page',
  drop: readonly string[] = [],
): string {
  return withParams(search, {
    ...Object.fromEntries(drop.map((k) => [k, null])),
    [param]: page <= 1 ? null : String(page),
  });
}

/**
 * `param` names the page parameter when a screen has two lists; `drop` lists parameters a page
 * link must not carry along.
 */
export function Pagination({
  page,
  totalPages,
  param = 'page',
  drop = [],
}: {
  page: number;
  totalPages: number;
  param?: string;
  drop?: readonly string[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const linkTo = (p: number) => ({
    pathname: location.pathname,
    search: pageSearch(location.search, p, param, drop),
  });
  // Grey-600 on white: a disabled link still reads at 3:1 or more (WCAG 1.4.11 asks it of controls).
  const disabled = 'rounded-md border border-gray-300 bg-gray-100 px-3 py-1.5 text-gray-600';
  const active = 'rounded-md border border-gray-300 px-3 py-1.5 font-semibold hover:bg-gray-50';
  return (
    <nav
      aria-label={t('common:pagination.label')}
      className="mt-4 flex items-center justify-between gap-4 text-sm"
      data-testid="pagination"
    >
      {page > 1 ? (
        <PageLink to={linkTo(page - 1)} rel="prev" className={active}>
          {t('common:actions.previous')}
        </PageLink>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('common:actions.previous')}
        </span>
      )}
      <span aria-current="page">{t('common:pagination.page', { page, totalPages })}</span>
      {page < totalPages ? (
        <PageLink to={linkTo(page + 1)} rel="next" className={active}>
          {t('common:actions.next')}
        </PageLink>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('common:actions.next')}
        </span>
      )}
    </nav>
  );
}
