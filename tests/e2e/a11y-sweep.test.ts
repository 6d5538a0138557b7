/**
 * WCAG 2.2 A/AA on every page of every role (public, rider, dealer, promoter, admin), in English
 * and French, at 1280 and 390 px: axe-core finds no serious or critical violation. On the same
 * visit, at 320 CSS px the page does not scroll sideways (reflow), and the first thing Tab reaches
 * is the skip link to the main landmark. One browser; one signed-in context per role; pages one
 * after another (the machine is small).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagesFor, type Role } from './a11y-pages';
import { DEMO, login, newPage, prefix, useBrowser } from './helpers';

const browser = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe with the WCAG A/AA tags, plus 2.5.3 "label in name" (experimental in axe, so off unless
 * asked for). Colours do not change with the width: contrast is checked at 1280 px only, which
 * keeps the sweep within minutes on a small machine.
 */
async function axeProblems(page: Page, where: string, contrast = true): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({
      rules: {
        'label-content-name-mismatch': { enabled: true },
        ...(contrast ? {} : { 'color-contrast': { enabled: false } }),
      },
    })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) — ${v.nodes.length} node(s): ` +
        v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | '),
    );
}

/** Scans one page at both widths and checks reflow and the skip link; returns the problems. */
async function checkPage(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  const res = await page.goto(path);
  const status = res?.status() ?? 0;
  // The catch-all page answers 404 on purpose; anything else must load.
  if (status >= 400 && !path.endsWith('/no-such-page')) found.push(`${path}: HTTP ${status}`);
  await page.waitForLoadState('networkidle');
  found.push(...(await axeProblems(page, `${path} @1280`)));
  await page.setViewportSize({ width: 390, height: 844 });
  found.push(...(await axeProblems(page, `${path} @390`, false)));
  await page.setViewportSize({ width: 320, height: 640 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  if (widths.scroll > widths.inner)
    found.push(`${path} @320: scrolls sideways (${widths.scroll} px > ${widths.inner} px)`);
  const skip = await page.evaluate(() => {
    const a = document.querySelector<HTMLAnchorElement>('a[data-skip-link]');
    const main = document.querySelector('main');
    return {
      ok: !!a && !!main && a.hash === `#${main.id}` && main.tabIndex === -1,
      first:
        !!a && document.body.querySelector('a[href],button,input,select,textarea,summary') === a,
    };
  });
  if (!skip.ok) found.push(`${path}: no skip link to the main landmark`);
  else if (!skip.first) found.push(`${path}: the skip link is not the first focusable element`);
  return found;
}

const ACCOUNT: Record<Exclude<Role, 'public'>, string> = {
  rider: DEMO.rider,
  dealer: DEMO.dealer,
  promoter: DEMO.promoter,
  admin: DEMO.admin,
};

describe('accessibility of every page (axe at 1280 and 390 px, reflow at 320 px)', () => {
  for (const role of ['public', 'rider', 'dealer', 'promoter', 'admin'] as const) {
    for (const lang of ['en', 'fr'] as const) {
      it(`${role} (${lang}): no serious or critical violation, no sideways scroll, a skip link`, async () => {
        const { context, page } = await newPage(browser());
        if (role !== 'public') await login(page, ACCOUNT[role], undefined, lang);
        const found: string[] = [];
        for (const path of pagesFor(role)) {
          found.push(...(await checkPage(page, `${prefix(lang)}${path}`)));
        }
        await context.close();
        expect(found).toEqual([]);
      }, 900_000);
    }
  }
});
