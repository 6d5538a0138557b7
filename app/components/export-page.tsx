/** An export page: the range form, a CSV download link and a preview of the first rows. */
import { useTranslation } from 'react-i18next';
import { Empty, RangeForm, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { useLocalize } from '~/components/link';
import { scrollable } from '~/components/scroll-region';

export type ExportPreview = {
  range: { year: number; startDate: string; endDate: string; custom: boolean };
  head: string[];
  preview: string[][];
  total: number;
};

export function ExportPage({
  title,
  csvPath,
  data,
}: {
  title: string;
  csvPath: string;
  data: ExportPreview;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { range, head, preview, total } = data;
  const query = new URLSearchParams({
    year: String(range.year),
    ...(range.custom ? { startDate: range.startDate, endDate: range.endDate } : {}),
  });
  return (
    <>
      <PageHeading title={title}>
        <a
          href={`${localize(csvPath)}?${query}`}
          className="btn"
          download
          data-testid="csv-download"
        >
          {t('admin:exports.download')}
        </a>
      </PageHeading>
      <RangeForm range={range} />
      <Section title={t('admin:exports.preview', { count: total })}>
        {preview.length === 0 ? (
          <Empty />
        ) : (
          <div className="overflow-x-auto" {...scrollable(t('a11y:scrollTable'))}>
            <table className="table">
              <thead>
                <tr>
                  {head.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.map((row, i) => (
                  <tr key={i}>
                    {row.map((c, j) => (
                      <td key={j}>{c}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
