/**
 * The scaffolding of every admin list (docs/architecture.md "Admin lists"): a filter bar built
 * from field definitions, a table built from a column list (headers of sortable columns link to
 * `?sort=<key>&dir=<asc|desc>`) and the pagination. Plain GET forms and links: everything works
 * without JavaScript.
 */
import { useLocation } from '@remix-run/react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, FilterBar, FilterField } from '~/components/admin-ui';
import { navLinkProps, PageLink } from '~/components/link';
import type { Lang } from '~/lib/lang';
import { Pagination } from '~/components/pagination';
import { sortSearch, withParams, type ListSort, type SortDir } from '~/lib/list-query';
import { scrollable } from '~/components/scroll-region';
import { tableColumns } from '~/lib/table-columns';

/** One field of a filter bar: a text/date/number input, or a select when `options` are given. */
export type FilterDef = {
  /** The query parameter (a field of the list's schema). */
  name: string;
  label: string;
  /** The input's id; default `filter-<name>`. */
  id?: string;
  type?: 'text' | 'search' | 'date' | 'number' | 'month';
  options?: readonly { value: string; label: string }[];
  /** The label of a select's empty option; default "Any" (admin:any). */
  anyLabel?: string;
  /** Extra classes of the input (e.g. 'font-mono', 'w-28'). */
  className?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  placeholder?: string;
  required?: boolean;
  /** The value shown; default the current URL's value. */
  value?: string;
};

/**
 * A filter bar from field definitions. The submission keeps the URL's other parameters (the
 * sort, a tab, another list's filters on the same page) but not this list's page nor the `drop`
 * parameters; "Clear" (shown once a filter is set) removes this bar's fields.
 */
export function ListFilters({
  filters,
  errors = {},
  pageParam = 'page',
  drop = [],
  submitLabel,
  testId,
  label,
  clear = true,
}: {
  filters: readonly FilterDef[];
  errors?: Partial<Record<string, string>>;
  pageParam?: string;
  drop?: readonly string[];
  submitLabel?: string;
  testId?: string;
  label?: string;
  /** Offer "Clear" once a filter is set (false for a report that always has a value). */
  clear?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const names = filters.map((f) => f.name);
  const own = new Set([...names, pageParam, ...drop]);
  const hidden = [...params].filter(([k]) => !own.has(k));
  const clearTo =
    clear && names.some((n) => params.get(n))
      ? {
          pathname: location.pathname,
          search: withParams(location.search, Object.fromEntries([...own].map((k) => [k, null]))),
        }
      : null;
  return (
    <FilterBar
      // A new URL (e.g. after "Clear") shows its own values, even with JavaScript.
      key={location.search}
      hidden={hidden}
      clearTo={clearTo}
      submitLabel={submitLabel}
      testId={testId}
      label={label}
    >
      {filters.map((f) => {
        const id = f.id ?? `filter-${f.name}`;
        const error = errors[f.name];
        const common = {
          id,
          name: f.name,
          defaultValue: f.value ?? params.get(f.name) ?? '',
          className: f.className ? `input ${f.className}` : 'input',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <FilterField key={f.name} label={f.label} error={error} errorId={`${id}-error`}>
            {f.options ? (
              <select {...common}>
                <option value="">{f.anyLabel ?? t('admin:any')}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={f.type ?? 'text'}
                maxLength={f.maxLength}
                min={f.min}
                max={f.max}
                pattern={f.pattern}
                placeholder={f.placeholder}
                required={f.required}
              />
            )}
          </FilterField>
        );
      })}
    </FilterBar>
  );
}

/** The link of a row to its record (a site path), as the first cell of a list shows it. */
export function RowLink({ to, lang, children }: { to: string; lang: Lang; children: ReactNode }) {
  // The page's language passed in: no router hook per row (see navLinkProps).
  return (
    <a {...navLinkProps(to, lang)} className="font-semibold text-brand hover:underline">
      {children}
    </a>
  );
}

/** One column of a list table. */
export type Column<Row> = {
  header: ReactNode;
  /** Header for screen readers only (e.g. an actions column). */
  srOnly?: boolean;
  cell: (row: Row) => ReactNode;
  /** The sort key (one of the list schema's sort keys): the header links to it. */
  sort?: string;
  /** The direction when this column becomes the sort (default ascending). */
  firstDir?: SortDir;
  align?: 'right';
  /** The body cells on one line (dates, amounts). */
  nowrap?: boolean;
  className?: string;
  /** Hidden on a phone (below `sm`): the row must show its content another way there. */
  hideOnPhone?: boolean;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: unknown };

/** A table from a column list; `sort` is the list's current sort (null: not sortable). */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  sort = null,
  rowProps,
  footer,
  testId,
  drop = [],
  label,
}: {
  rows: readonly Row[];
  columns: readonly (Column<Row> | false | null)[];
  rowKey: (row: Row) => string | number;
  sort?: ListSort | null;
  rowProps?: (row: Row) => RowAttributes;
  footer?: ReactNode;
  testId?: string;
  drop?: readonly string[];
  /** The scrolling box's name (default: "Table (scrolls sideways)"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const cols = columns.filter((c): c is Column<Row> => Boolean(c));
  // Alignment and phone hiding are said once on the table (~/lib/table-columns); a column's own
  // classes, computed once here, stay on its cells.
  const layout = tableColumns(
    cols.map((c) => ({ right: c.align === 'right', nowrap: c.nowrap, phoneHidden: c.hideOnPhone })),
  );
  const cellClasses = cols.map((c) => c.className);
  return (
    <div className="card overflow-x-auto p-0" {...scrollable(label ?? t('a11y:scrollTable'))}>
      <table className="table" data-testid={testId} {...layout}>
        <thead>
          <tr>
            {cols.map((c, i) => (
              <SortHeader key={i} column={c} sort={sort} drop={drop} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {cols.map((c, i) => (
                <td key={i} className={cellClasses[i]}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot className="border-t-2 border-gray-300">{footer}</tfoot> : null}
      </table>
    </div>
  );
}

function SortHeader<Row>({
  column: c,
  sort,
  drop,
}: {
  column: Column<Row>;
  sort: ListSort | null;
  drop: readonly string[];
}) {
  const location = useLocation();
  const align =
    [c.align === 'right' ? 'text-right' : '', c.hideOnPhone ? 'hidden sm:table-cell' : '']
      .filter(Boolean)
      .join(' ') || undefined;
  if (c.srOnly) {
    return (
      <th scope="col" className={align}>
        <span className="sr-only">{c.header}</span>
      </th>
    );
  }
  if (!c.sort || !sort) {
    return (
      <th scope="col" className={align}>
        {c.header}
      </th>
    );
  }
  const active = sort.key === c.sort;
  return (
    <th
      scope="col"
      className={align}
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <PageLink
        to={{
          pathname: location.pathname,
          search: sortSearch(location.search, sort, c.sort, c.firstDir, drop),
        }}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:underline"
        data-sort={c.sort}
      >
        {c.header}
        <span aria-hidden="true" className={active ? '' : 'text-gray-400'}>
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </PageLink>
    </th>
  );
}

/**
 * What a filter found, said in a status region (WCAG 4.1.3): a filtered list changes without
 * focus moving, so a screen reader hears the count, or that nothing matched, when it comes.
 */
function FilterResult({ rows }: { rows: number }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only" data-testid="filter-result">
      {rows > 0 ? t('admin:listShown', { count: rows }) : t('admin:empty')}
    </p>
  );
}

/**
 * A whole admin list: the filter bar (when `filters` are given), a line above the table
 * (`summary`, e.g. a count), the table or `empty` (default "Nothing to show"; null for nothing),
 * and the pagination.
 */
export function AdminList<Row>({
  filters,
  errors,
  filterProps,
  summary,
  empty,
  pagination,
  pageParam = 'page',
  drop = [],
  ...table
}: {
  filters?: readonly FilterDef[];
  errors?: Partial<Record<string, string>>;
  filterProps?: { submitLabel?: string; testId?: string; label?: string; clear?: boolean };
  summary?: ReactNode;
  empty?: ReactNode;
  pagination?: { page: number; totalPages: number } | null;
  pageParam?: string;
} & Parameters<typeof DataTable<Row>>[0]) {
  return (
    <>
      {filters ? (
        <ListFilters
          filters={filters}
          errors={errors}
          pageParam={pageParam}
          drop={drop}
          {...filterProps}
        />
      ) : null}
      {filters ? <FilterResult rows={table.rows.length} /> : null}
      {summary}
      {table.rows.length > 0 ? (
        <DataTable {...table} drop={drop} />
      ) : empty === undefined ? (
        <Empty />
      ) : (
        empty
      )}
      {pagination ? (
        <Pagination
          page={pagination.page}
          totalPages={pagination.totalPages}
          param={pageParam}
          drop={drop}
        />
      ) : null}
    </>
  );
}
