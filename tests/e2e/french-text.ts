/**
 * French as a native reader writes it, read on a rendered page: docs/glossary.md's typography,
 * its "Never" words, its refused variants and formats (tests/unit/locales/french-rules.ts). What people typed (names,
 * event titles, a category's English description) is not ours to typeset: the database's values
 * that would fail the rules are taken out of a page's text before it is checked. Used by the
 * accessibility sweep on every French page it visits and by french-typography.test.ts.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import {
  forbiddenWords,
  forbiddenWordsIn,
  formatProblems,
  refusedVariants,
  refusedVariantsIn,
  typographyProblems,
} from '../unit/locales/french-rules';

const FORBIDDEN = forbiddenWords();
const REFUSED = refusedVariants();

/** Words written with a capital inside them on purpose (names, identifiers the API documents). */
const INNER_CAPITALS = new Set([
  'OpenAPI',
  'JavaScript',
  'SuperTwin',
  'YouTube',
  'TikTok',
  'riderIds',
  'resultId',
  'classId',
  'idFile',
  'driversLicence',
  'dealerId',
]);

/**
 * Words run together where only a CSS margin separated them (« Argent comptantTotal »,
 * « 1 000,00 $ US+ boni »): the text itself must hold the space.
 */
function runTogetherProblems(line: string): string[] {
  const problems: string[] = [];
  for (const m of line.matchAll(/[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*/gu))
    if (!INNER_CAPITALS.has(m[0])) problems.push(`"${m[0]}": words run together (no space)`);
  for (const m of line.matchAll(/\p{L}\+ /gu))
    problems.push(`"${m[0]}": words run together before "+"`);
  return problems;
}

/** Everything wrong with one line of French text. */
function problemsIn(line: string): string[] {
  return [
    ...runTogetherProblems(line),
    ...typographyProblems(line),
    ...forbiddenWordsIn(line, FORBIDDEN),
    ...refusedVariantsIn(line, REFUSED),
    ...formatProblems(line),
  ];
}

/**
 * The values people entered that would themselves fail the rules (O'Connor, an English
 * description with a semicolon…), longest first. Dates and months stored as data are not in it:
 * showing one as « 2026-02 » is exactly what must fail.
 */
export function typedValues(databasePath: string): string[] {
  const found = new Set<string>();
  const db = new Database(databasePath, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
        (c) => c.name,
      );
      for (const column of columns) {
        const rows = db
          .prepare(
            `SELECT DISTINCT "${column}" AS v FROM "${table}" WHERE typeof("${column}") = 'text' AND length("${column}") BETWEEN 3 AND 2000`,
          )
          .all() as { v: string }[];
        for (const { v } of rows) {
          if (/^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+Z?)?$/.test(v)) continue;
          for (const line of v.split('\n'))
            if (line.trim().length >= 3 && problemsIn(line).length > 0) found.add(line.trim());
        }
      }
    }
  } finally {
    db.close();
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** A page as read: its language, and its title, body text and the texts given as attributes. */
export type PageText = { lang: string | null; text: string };

export async function pageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')]
      .flatMap((e) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => e.getAttribute(a)))
      .filter((v): v is string => Boolean(v));
    return {
      lang: document.documentElement.getAttribute('lang'),
      text: [document.title, document.body.innerText, ...attrs].join('\n'),
    };
  });
}

/** The problems of a French text, `typed` values taken out, as "where: problem — line". */
export function frenchProblems(where: string, text: string, typed: readonly string[]): string[] {
  let ours = text;
  for (const v of typed) ours = ours.split(v).join(' ');
  return ours
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .flatMap((line) => problemsIn(line).map((p) => `${where}: ${p} — ${line.slice(0, 160)}`));
}

/** The problems of a French page as read: not French, nearly empty, or breaking the rules. */
export function frenchPageProblems(
  where: string,
  read: PageText,
  typed: readonly string[],
): string[] {
  if (read.lang !== 'fr') return [`${where}: <html lang="${read.lang}">, not fr`];
  if (read.text.length <= 100) return [`${where}: only ${read.text.length} characters of text`];
  return frenchProblems(where, read.text, typed);
}
