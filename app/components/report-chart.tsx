/**
 * A report chart: the server-drawn SVG as an image (no client JavaScript), its text alternative
 * said once (the image's alt text), and the figures' table beside it. The image is shown at the
 * size it is drawn, never scaled down, so its text keeps its drawn size; on a narrow screen it
 * scrolls sideways in its own box.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang, useLocalize } from '~/components/link';
import { ScrollRegion } from '~/components/scroll-region';
import { CHART_SIZE, type Currency } from '~/lib/constants';
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
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-wrap items-start gap-4" data-testid={testId}>
      <ScrollRegion label={t('a11y:scrollChart')} className="card max-w-full">
        <img
          src={localize(src)}
          alt={text}
          width={CHART_SIZE.width}
          height={CHART_SIZE.height}
          className="max-w-none"
          data-testid={`${testId}-img`}
        />
      </ScrollRegion>
      {children ? (
        <ScrollRegion className="max-w-full min-w-0 flex-1">{children}</ScrollRegion>
      ) : null}
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
            <th scope="col">{t('charts:year')}</th>
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
                <th scope="row">{r.year}</th>
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
