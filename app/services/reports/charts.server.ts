/**
 * Report charts drawn on the server as SVG by Apache ECharts (server-side rendering, no DOM, no
 * client JavaScript): the summary's yearly totals and the market shares. Each chart comes with
 * its text alternative (the same figures in words), used as the image's alt text and caption.
 * Consumes the report functions' shapes as they are (reports.server, yearly-totals.server).
 */
import * as echarts from 'echarts';
import type { TFunction } from 'i18next';
import { CHART_SIZE, type Currency } from '~/lib/constants';
import { formatMoney, formatMonth, formatPercent } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import type { YearTotals } from '~/services/reports/yearly-totals.server';

// Drawn at the size it is shown (the page never scales it down), so FONT is the size read.
const { width: CHART_WIDTH, height: CHART_HEIGHT } = CHART_SIZE;
const FONT = 13;
// Brand orange, dark blue, light blue: told apart in lightness as well as hue, so they stay
// distinct for protanopes, deuteranopes and tritanopes (checked by a simulator in the unit
// tests); each series also gets its own pattern (decal) and a dark outline.
export const CHART_COLORS = ['#b34700', '#1f4e9c', '#7fb8e6'];
const AXIS = { fontSize: FONT };
const LEGEND = { bottom: 0, textStyle: { fontSize: FONT } };
const OUTLINE = { borderColor: '#1f2937', borderWidth: 1 };

function render(option: echarts.EChartsOption, description: string): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    chart.setOption({
      animation: false,
      color: CHART_COLORS,
      textStyle: { fontSize: FONT },
      aria: { enabled: true, label: { description }, decal: { show: true } },
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export type ShareRow = {
  key: string;
  label: string;
  shareBp: number;
  podiumShareBp: number;
  results: number;
};

/** The currencies the yearly totals hold, USD first. */
export function chartCurrencies(rows: readonly YearTotals[]): Currency[] {
  return [...new Set(rows.map((r) => r.currency))].sort((a, b) =>
    a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b),
  );
}

/** The yearly totals of one currency in words (the chart's text alternative). */
export function yearlyTotalsText(
  rows: readonly YearTotals[],
  currency: Currency,
  t: TFunction,
  lang: Lang,
): string {
  const m = (c: number) => formatMoney(c, currency, lang);
  const years = rows
    .filter((r) => r.currency === currency)
    .map((r) =>
      t('charts:yearlyItem', {
        year: r.year,
        earned: m(r.earnedCents),
        redeemed: m(r.redeemedCents),
        available: m(r.availableCents),
      }),
    );
  return t('charts:yearlyAlt', { currency, list: years.join(t('charts:listSeparator')) });
}

/** Grouped bars: earned, redeemed and available per program year, for one currency. */
export function yearlyTotalsSvg(
  rows: readonly YearTotals[],
  currency: Currency,
  t: TFunction,
  lang: Lang,
): string {
  const mine = rows.filter((r) => r.currency === currency);
  const bar = (name: string, pick: (r: YearTotals) => number) => ({
    name,
    type: 'bar' as const,
    itemStyle: OUTLINE,
    data: mine.map((r) => pick(r) / 100),
  });
  return render(
    {
      title: {
        text: t('charts:yearlyTitle', { currency }),
        left: 'center',
        textStyle: { fontSize: FONT + 2 },
      },
      legend: LEGEND,
      grid: { left: 90, right: 16, top: 40, bottom: 60 },
      xAxis: { type: 'category', data: mine.map((r) => String(r.year)), axisLabel: AXIS },
      yAxis: {
        type: 'value',
        axisLabel: {
          ...AXIS,
          formatter: (v: number) =>
            formatMoney(Math.round(v * 100), currency, lang).replace(/[.,]00(?=\D*$)/, ''),
        },
      },
      series: [
        bar(t('charts:earned'), (r) => r.earnedCents),
        bar(t('charts:redeemed'), (r) => r.redeemedCents),
        bar(t('charts:available'), (r) => r.availableCents),
      ],
    },
    yearlyTotalsText(rows, currency, t, lang),
  );
}

const pct = (bp: number, lang: Lang) => formatPercent(bp / 10_000, lang);

/** A market share row's name: its month in words, its series, or "no series". */
function shareLabel(r: ShareRow, t: TFunction, by: 'month' | 'series', lang: Lang): string {
  if (by === 'month') return formatMonth(r.label, lang);
  return r.label || t('admin:reports.noSeries');
}

/** The market shares in words (the chart's text alternative). */
export function marketShareText(
  rows: readonly ShareRow[],
  t: TFunction,
  by: 'month' | 'series',
  lang: Lang = 'en',
): string {
  const list = rows.map((r) =>
    t('charts:shareItem', {
      label: shareLabel(r, t, by, lang),
      share: pct(r.shareBp, lang),
      podium: pct(r.podiumShareBp, lang),
    }),
  );
  return t(`charts:shareAlt.${by}`, { list: list.join(t('charts:listSeparator')) });
}

/** Bars: the maker's share of finishers and of podiums, per month or per series. */
export function marketShareSvg(
  rows: readonly ShareRow[],
  t: TFunction,
  by: 'month' | 'series',
  lang: Lang = 'en',
): string {
  return render(
    {
      title: {
        text: t(`charts:shareTitle.${by}`),
        left: 'center',
        textStyle: { fontSize: FONT + 2 },
      },
      legend: LEGEND,
      grid: { left: 56, right: 16, top: 40, bottom: by === 'series' ? 120 : 60 },
      xAxis: {
        type: 'category',
        data: rows.map((r) => shareLabel(r, t, by, lang)),
        axisLabel:
          by === 'series' ? { ...AXIS, rotate: 30, width: 110, overflow: 'truncate' } : AXIS,
      },
      yAxis: {
        type: 'value',
        max: 100,
        axisLabel: { ...AXIS, formatter: t('charts:percentAxis') },
      },
      series: [
        {
          name: t('charts:share'),
          type: 'bar',
          itemStyle: OUTLINE,
          data: rows.map((r) => r.shareBp / 100),
        },
        {
          name: t('charts:podiumShare'),
          type: 'bar',
          itemStyle: OUTLINE,
          data: rows.map((r) => r.podiumShareBp / 100),
        },
      ],
    },
    marketShareText(rows, t, by, lang),
  );
}
