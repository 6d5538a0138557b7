import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, RangeForm, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { useLocalize } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang, tFor } from '~/i18next.server';
import { rangeFromUrl } from '~/lib/schemas/reports';
import { seriesEventsRows } from '~/services/exports.server';
import { requireRole } from '~/services/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const range = rangeFromUrl(request.url);
  const rows = seriesEventsRows(getDb(), range, await tFor(requestLang(request)));
  return { range, head: rows[0].map(String), preview: rows.slice(1, 51).map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))), total: rows.length - 1 };
}

export default function Export() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { range, head, preview, total } = useLoaderData<typeof loader>();
  const query = new URLSearchParams({ year: String(range.year), ...(range.custom ? { startDate: range.startDate, endDate: range.endDate } : {}) });
  return (
    <>
      <PageHeading title={t('common:pages.exportSeriesEvents')}>
        <a href={`${localize('/auth/admin/export-series-events.csv')}?${query}`} className="btn" download data-testid="csv-download">
          {t('admin:exports.download')}
        </a>
      </PageHeading>
      <RangeForm range={range} />
      <Section title={t('admin:exports.preview', { count: total })}>
        {preview.length === 0 ? (
          <Empty />
        ) : (
          <div className="overflow-x-auto">
            <table className="table">
              <thead>
                <tr>{head.map((h) => <th key={h}>{h}</th>)}</tr>
              </thead>
              <tbody>
                {preview.map((row, i) => (
                  <tr key={i}>{row.map((c, j) => <td key={j}>{c}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
