/**
 * A report chart: the server-drawn SVG as an image (no client JavaScript), its text alternative
 * as alt text and caption, and the figures' table beside it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang, useLocalize } from '~/components/link';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';

export function ChartFigure({
  src,
  text,
  testId,
  children,
}: {
  src: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  const localize = useLocalize();
  return (
    <div className="mb-6 grid items-start gap-4 xl:grid-cols-2" data-testid={testId}>
      <figure className="card">
        <img
          src={localize(src)}
          alt={text}
          width={720}
          height={340}
          className="h-auto w-full"
          data-testid={`${testId}-img`}
        />
        <figcaption className="mt-2 text-sm text-gray-600">{text}</figcaption>
      </figure>
      {children ? <div className="overflow-x-auto">{children}</div> : null}
    </div>
  );
}

type YearRow = {
  year: number;
  currency: Currency;
  earnedCents: number;
  redeemedCents: number;
  availableCents: number;
};

/** The summary's yearly totals: one chart per currency with its table. */
export function YearlyTotals({
  rows,
  charts,
}: {
  rows: YearRow[];
  charts: { currency: Currency; text: string }[];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (charts.length === 0) return <p className="text-gray-600">{t('charts:empty')}</p>;
  return charts.map(({ currency, text }) => (
    <ChartFigure
      key={currency}
      src={`/auth/admin/charts/summary.svg?currency=${currency}`}
      text={text}
      testId={`yearly-chart-${currency}`}
    >
      <table className="table" data-testid={`yearly-table-${currency}`}>
        <thead>
          <tr>
            <th>{t('charts:year')}</th>
            <th className="text-right">{t('charts:earned')}</th>
            <th className="text-right">{t('charts:redeemed')}</th>
            <th className="text-right">{t('charts:available')}</th>
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((r) => r.currency === currency)
            .map((r) => (
              <tr key={r.year}>
                <td>{r.year}</td>
                <td className="text-right">{formatMoney(r.earnedCents, currency, lang)}</td>
                <td className="text-right">{formatMoney(r.redeemedCents, currency, lang)}</td>
                <td className="text-right">{formatMoney(r.availableCents, currency, lang)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </ChartFigure>
  ));
}
