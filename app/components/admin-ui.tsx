/** Small building blocks of the admin pages: filter bars, status badges, definition lists. */
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LLink, PageLink } from '~/components/link';
import { ScrollRegion } from '~/components/scroll-region';

/** Where a filter bar's "Clear" link goes: a site path, or a location of the current page. */
export type ClearTo = string | { pathname: string; search: string } | null;

/**
 * A GET filter form (works without JavaScript); children are labelled inputs. `clearTo`, when
 * set, adds a link back to the unfiltered list; `hidden` carries other query values (a tab, the
 * sort, another list's filters) through the submission.
 */
export function FilterBar({
  children,
  clearTo,
  hidden = [],
  submitLabel,
  testId,
  label,
}: {
  children: ReactNode;
  clearTo?: ClearTo;
  hidden?: readonly (readonly [string, string])[];
  submitLabel?: string;
  testId?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      className="card mb-4 flex flex-wrap items-end gap-3"
      role="search"
      aria-label={label}
      data-testid={testId}
    >
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className="btn">
        {submitLabel ?? t('common:actions.filter')}
      </button>
      {typeof clearTo === 'string' ? (
        <LLink to={clearTo} className="btn-secondary">
          {t('common:actions.clear')}
        </LLink>
      ) : clearTo ? (
        <PageLink to={clearTo} className="btn-secondary">
          {t('common:actions.clear')}
        </PageLink>
      ) : null}
    </Form>
  );
}

/**
 * A labelled input or select inside a FilterBar; `error` (an i18n key) is shown under it with
 * the id `errorId` (point the input's aria-describedby at it).
 */
export function FilterField({
  label,
  children,
  error,
  errorId,
}: {
  label: string;
  children: ReactNode;
  error?: string;
  errorId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-40 flex-col text-sm">
      <label className="flex flex-col">
        <span className="label">{label}</span>
        {children}
      </label>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: 'green' | 'red' | 'gray' | 'orange';
  children: ReactNode;
}) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    red: 'bg-red-100 text-red-900',
    gray: 'bg-gray-100 text-gray-800',
    orange: 'bg-brand-tint text-brand-dark',
  };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Active / inactive, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="green">{t('admin:status.active')}</Badge>
  ) : (
    <Badge tone="gray">{t('admin:status.inactive')}</Badge>
  );
}

/** Label/value pairs. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold text-gray-500 uppercase">{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A section holding a plain table (`headers`, the body rows as `children`), or Empty when `empty`. */
export function SectionTable({
  title,
  actions,
  headers,
  empty,
  children,
}: {
  title: string;
  actions?: ReactNode;
  headers: readonly ReactNode[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Section title={title} actions={actions}>
      {empty ? (
        <Empty />
      ) : (
        <ScrollRegion label={title}>
          <table className="table">
            <thead>
              <tr>
                {headers.map((h, i) => (
                  <th key={i}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </ScrollRegion>
      )}
    </Section>
  );
}

/** "Nothing to show" row text. */
export function Empty() {
  const { t } = useTranslation();
  return <p className="text-gray-500">{t('admin:empty')}</p>;
}

/** The report range form: a year, or a start and end date (GET, works without JavaScript). */
export function RangeForm({
  range,
  extra,
}: {
  range: { year: number; startDate: string; endDate: string; custom: boolean };
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  return (
    <FilterBar>
      <FilterField label={t('admin:reports.year')}>
        <select name="year" defaultValue={String(range.year)} className="input">
          {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('admin:reports.from')}>
        <input
          type="date"
          name="startDate"
          defaultValue={range.custom ? range.startDate : ''}
          className="input"
        />
      </FilterField>
      <FilterField label={t('admin:reports.to')}>
        <input
          type="date"
          name="endDate"
          defaultValue={range.custom ? range.endDate : ''}
          className="input"
        />
      </FilterField>
      {extra}
    </FilterBar>
  );
}
