/**
 * The rules of written French (docs/glossary.md), shared by the locale file test and the browser
 * test that reads the rendered French pages: typography (a no-break space before : ; ! ? % and
 * inside « », the typographic apostrophe), the glossary's forbidden words, and the formats that
 * must not leak into French text (« TBD », ISO months, "(s)" plurals).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

const FR_DIR = path.join(ROOT, 'locales/fr');

/** One French string of the locale files: its key ("ns.a.b"), its text and its English text. */
export type Entry = { where: string; fr: string; en?: string };

function strings(fr: unknown, en: unknown, where: string, out: Entry[]) {
  if (typeof fr === 'string') out.push({ where, fr, en: typeof en === 'string' ? en : undefined });
  else if (fr && typeof fr === 'object')
    for (const [k, v] of Object.entries(fr))
      strings(
        v,
        en && typeof en === 'object' ? (en as Record<string, unknown>)[k] : undefined,
        `${where}.${k}`,
        out,
      );
  return out;
}

/** Every string of every locales/fr/*.json file (a namespace added later is read too). */
export function frenchEntries(): Entry[] {
  const out: Entry[] = [];
  for (const file of fs.readdirSync(FR_DIR).filter((f) => f.endsWith('.json'))) {
    const enPath = path.join(ROOT, 'locales/en', file);
    const en = fs.existsSync(enPath) ? JSON.parse(fs.readFileSync(enPath, 'utf8')) : undefined;
    strings(
      JSON.parse(fs.readFileSync(path.join(FR_DIR, file), 'utf8')),
      en,
      file.replace(/\.json$/, ''),
      out,
    );
  }
  return out;
}

const NBSP = /[\u00a0\u202f]/;

/** The typography mistakes in one string (empty when correct). */
export function typographyProblems(s: string): string[] {
  const problems: string[] = [];
  // A sign that ends a word (followed by a space, a closing sign or the end): must follow a NBSP.
  for (const m of s.matchAll(/(.)([:;!?])(?=$|[\s»"')\]])/gu)) {
    const before = m[1];
    if (NBSP.test(before)) continue;
    if ((m[2] === '!' || m[2] === '?') && (before === '!' || before === '?')) continue;
    problems.push(`"${before}${m[2]}" needs a non-breaking space before "${m[2]}"`);
  }
  // A percent after a number or a placeholder, with no space or a breaking one.
  for (const m of s.matchAll(/(\p{N}|\}\}|\p{N}[ \t])%/gu))
    problems.push(`"${m[0]}" needs a non-breaking space before "%"`);
  if (/«(?![\u00a0\u202f])/.test(s)) problems.push('« must be followed by a non-breaking space');
  if (/(?<![\u00a0\u202f])»/.test(s)) problems.push('» must follow a non-breaking space');
  if (s.includes("'")) problems.push("straight apostrophe ' (French uses ’)");
  return problems;
}

/** The rows of the markdown table whose header row starts with `firstHeader`, as cells by header. */
export function glossaryTable(firstHeader: string): Record<string, string>[] {
  const md = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
  const rows: Record<string, string>[] = [];
  let headers: string[] | null = null;
  for (const line of md.split('\n')) {
    if (!line.startsWith('|')) {
      headers = null;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === firstHeader) headers = cells;
    else if (headers && !cells[0].startsWith('---'))
      rows.push(Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  }
  return rows;
}

/** The "Never" column of docs/glossary.md: word (lower case) → the French term to use instead. */
export function forbiddenWords(): Map<string, string> {
  const words = new Map<string, string>();
  for (const row of glossaryTable('English'))
    for (const w of row.Never.split(',')
      .map((x) => x.trim())
      .filter(Boolean))
      words.set(w.toLowerCase(), row.French);
  return words;
}

/** A refused variant of the glossary: the phrase as a whole-word pattern, and what to write. */
export type RefusedVariant = { phrase: string; pattern: RegExp; instead: string };

/**
 * The "Refused variants" table of docs/glossary.md. A phrase matches as whole words, its first
 * letter in either case and the rest exactly ("Site web" is refused, "Site Web" is not).
 */
export function refusedVariants(): RefusedVariant[] {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wordChar = /[\p{L}\p{N}]/u;
  return glossaryTable('Refused').map((row) => {
    const phrase = row.Refused;
    const first = phrase[0];
    const head =
      first.toLowerCase() === first.toUpperCase()
        ? escape(first)
        : `[${first.toLowerCase()}${first.toUpperCase()}]`;
    // Whole words: no letter or digit may touch the phrase where it begins or ends with one.
    const before = wordChar.test(first) ? '(?<![\\p{L}\\p{N}])' : '';
    const after = wordChar.test(phrase.slice(-1)) ? '(?![\\p{L}\\p{N}])' : '';
    return {
      phrase,
      pattern: new RegExp(`${before}${head}${escape(phrase.slice(1))}${after}`, 'u'),
      instead: row['Write instead'],
    };
  });
}

/** The glossary's refused variants used in a French text. */
export function refusedVariantsIn(s: string, refused = refusedVariants()): string[] {
  const text = s.replace(/\{\{[^}]*\}\}/g, ' ');
  return refused
    .filter((r) => r.pattern.test(text))
    .map((r) => `"${r.phrase}" — write "${r.instead}"`);
}

const WORD = /[\p{L}’'-]+/gu;

/** The glossary's forbidden words used in a French text. */
export function forbiddenWordsIn(s: string, forbidden = forbiddenWords()): string[] {
  // Placeholders are not words; words are split on apostrophes too (« l’aide »).
  return (s.replace(/\{\{[^}]*\}\}/g, ' ').match(WORD) ?? [])
    .flatMap((w) => w.split(/[’']/))
    .filter((w) => forbidden.has(w.toLowerCase()))
    .map((w) => `"${w}" — use "${forbidden.get(w.toLowerCase())}"`);
}

/** English formats leaking into French text: « TBD », an ISO month « 2026-02 », « échange(s) ». */
export function formatProblems(s: string): string[] {
  const problems: string[] = [];
  for (const m of s.matchAll(/(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])(?![\d-])/g))
    problems.push(`ISO month "${m[0]}" (write the month in words)`);
  for (const m of s.matchAll(/\p{L}+\(s\)/gu))
    problems.push(`"${m[0]}" (use plural forms: _one/_other with count)`);
  return problems;
}
