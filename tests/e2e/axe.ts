/**
 * axe-core run inside the page under test. `@axe-core/playwright`'s analyze() finishes every scan
 * in a blank page it opens for the purpose (so that frames' partial results can be merged) and
 * sends every passing and inapplicable rule back with its nodes: most of a scan's time went there.
 * Our pages have no frames, so axe.run in the page gives the same violations; a page that does
 * have frames is scanned by @axe-core/playwright as before. axe is injected once per document, so
 * a second scan of the same page (another width) reuses it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { RunOptions } from 'axe-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0–2.2 A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A violation, with up to three of its nodes (CSS target and axe's summary of the failure). */
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  count: number;
  nodes: { target: string; summary: string }[];
};

type AxeGlobal = {
  run: (context: Document | Element, options: RunOptions) => Promise<AxeRunResult>;
};
type AxeRunResult = {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
};

/** What axe reports of a violation (its first nodes only, with how many there were). */
type RawViolation = {
  id: string;
  impact?: string | null;
  help: string;
  count: number;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/** A violation as the tests print it. */
function toViolation(v: RawViolation): AxeViolation {
  return {
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    count: v.count,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' '),
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
    })),
  };
}

/** The violations axe finds on the page as it is now, for `options` (rules, tags). */
export async function axeViolations(
  page: Page,
  options: RunOptions,
  /** A CSS selector: only that part of the page is scanned (a test of one new section). */
  within?: string,
): Promise<AxeViolation[]> {
  if (page.frames().length > 1) return axeBuilderViolations(page, options);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const raw = await page.evaluate(
    async ({ opts, within }) => {
      const axe = (window as unknown as { axe: AxeGlobal }).axe;
      const context = within ? document.querySelector(within) : document;
      if (!context) throw new Error(`nothing to scan at ${within}`);
      // Only the violations come back (the other result types would carry every node checked).
      const result = await axe.run(context, { ...opts, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        count: v.nodes.length,
        nodes: v.nodes
          .slice(0, 3)
          .map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
      }));
    },
    { opts: options, within },
  );
  return raw.map(toViolation);
}

async function axeBuilderViolations(page: Page, options: RunOptions): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page }).options(options).analyze();
  return results.violations.map((v) =>
    toViolation({ ...v, count: v.nodes.length, nodes: v.nodes.slice(0, 3) }),
  );
}

/** Only what fails WCAG badly enough to stop a user: serious and critical. */
export function serious(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
