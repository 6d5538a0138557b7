/**
 * The rules of written French (docs/glossary.md), shared by the locale file test and the browser
 * test that reads the rendered French pages: typography (a no-break space before : ; ! ? % and
 * inside « », the typographic apostrophe), the glossary's forbidden words, and the formats that
 * must not leak into French text (« TBD », ISO months, "(s)" plurals).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

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

/** The "Never" column of docs/glossary.md: word (lower case) → the French term to use instead. */
export function forbiddenWords(): Map<string, string> {
  const md = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
  const words = new Map<string, string>();
  for (const line of md.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || cells[1] === 'English' || cells[1].startsWith('---')) continue;
    for (const w of cells[3]
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean))
      words.set(w.toLowerCase(), cells[2]);
  }
  return words;
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
