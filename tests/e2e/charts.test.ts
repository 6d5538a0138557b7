/**
 * Report charts, in a browser, in English and French, without JavaScript: the summary shows the
 * yearly totals of every program year as a server-drawn SVG image with its text alternative and
 * the table beside it (the alternative said once, the year a row header, the image never scaled
 * down); the market share pages (by month, by series) show their chart the same way. The French
 * walk reads the French text alternatives; what no language changes (the image's size, the SVG
 * itself, the admin-only chart) is checked in English.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, newPage, prefix, useBrowser } from './helpers';

const getBrowser = useBrowser();
const YEAR = new Date().getFullYear(); // the demo season

const TEXT = {
  en: {
    yearly: 'Bar chart of earned, redeemed and available per program year, in USD',
    month: 'share of finishers and of podiums by month',
    series: 'by series',
  },
  fr: {
    yearly:
      'Graphique à barres des montants gagnés, échangés et disponibles par année du programme, en USD',
    month: 'par mois',
    series: 'par série',
  },
} as const;

describe.each(['en', 'fr'] as const)('report charts (%s)', (lang) => {
  const t = TEXT[lang];

  it('summary and market shares: an SVG drawn on the server, its text alternative, the table beside', async () => {
    const { context, page } = await newPage(getBrowser(), { javaScript: false });
    await signIn(page, DEMO.admin, undefined, lang);

    await page.goto(`${prefix(lang)}/auth/admin/summary`);
    const figure = page.getByTestId('yearly-chart-USD');
    const img = page.getByTestId('yearly-chart-USD-img');
    const alt = (await img.getAttribute('alt')) ?? '';
    expect(alt).toContain(t.yearly);
    expect(alt).toContain(String(YEAR));
    // The alternative is said once: no caption repeats the alt text.
    await expect(figure.getByText(t.yearly).count()).resolves.toBe(0);
    // The year is each row's header.
    await expect(
      page
        .getByTestId('yearly-table-USD')
        .locator(`tbody th[scope="row"]`, { hasText: String(YEAR) })
        .count(),
    ).resolves.toBe(1);
    await expect(
      page
        .getByTestId('yearly-table-USD')
        .getByRole('row')
        .filter({ hasText: String(YEAR) })
        .count(),
    ).resolves.toBe(1);
    // The image loaded (no script needed).
    await expect(
      img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
    ).resolves.toBe(true);
    // An SVG from the server, shown at the size it is drawn (never scaled down: its text keeps
    // its drawn size), on a desktop and a phone.
    if (lang === 'en') {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(
          img.evaluate(
            (el: HTMLImageElement) => el.getBoundingClientRect().width >= el.naturalWidth,
          ),
        ).resolves.toBe(true);
      }
      const svg = await context.request.get((await img.getAttribute('src')) as string);
      expect(svg.status()).toBe(200);
      expect(svg.headers()['content-type']).toContain('image/svg+xml');
      const body = await svg.text();
      expect(body.startsWith('<svg')).toBe(true);
      expect(body).toContain(String(YEAR));
    }

    for (const [path, words] of [
      ['market-share-month', t.month],
      ['market-share-series', t.series],
    ] as const) {
      await page.goto(`${prefix(lang)}/auth/admin/${path}?year=${YEAR}`);
      const chart = page.getByTestId('share-chart');
      const chartImg = page.getByTestId('share-chart-img');
      await expect(chartImg.getAttribute('alt')).resolves.toContain(words);
      await expect(chartImg.getAttribute('src')).resolves.toContain(`${path}.svg?year=${YEAR}`);
      await expect(
        chartImg.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
      ).resolves.toBe(true);
      await expect(chart.getByTestId('market-share').count()).resolves.toBe(1);
    }
    // Not for everyone: the chart needs an admin.
    if (lang === 'en') {
      const anon = await newPage(getBrowser());
      const res = await anon.context.request.get('/auth/admin/charts/summary.svg', {
        maxRedirects: 0,
      });
      expect(res.status()).not.toBe(200);
      await anon.context.close();
    }
    await context.close();
  });
});
