/**
 * A French string of several words written exactly as its English one is usually a string nobody
 * translated. The few that are the same on purpose are listed here with
 * why; any other fails, so a key added in English and copied into French unread is caught.
 */
import { describe, expect, it } from 'vitest';
import { frenchEntries, type Entry } from './french-rules';

/** Where the French is the English on purpose, and why. */
const SAME_ON_PURPOSE: Record<string, string> = {
  'common.appName': 'the product’s name, not translated',
  'rider.social.x': 'a social network’s own name',
  'titles.format': 'the page’s name, a dash and the product’s name',
};

/**
 * Strings of two words or more outside the placeholders: a single word the same in both languages
 * is most often a word French shares (« Date », « Type », « Description »), and placeholders with
 * punctuation have nothing to translate.
 */
const hasWords = (s: string) =>
  (s.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}+/gu) ?? []).length >= 2;

function untranslated(entries: Entry[]): string[] {
  return entries
    .filter((e) => e.en !== undefined && e.fr === e.en && hasWords(e.fr))
    .map((e) => e.where)
    .filter((where) => !(where in SAME_ON_PURPOSE));
}

describe('French strings that read as English', () => {
  it('finds a string copied from English unread', () => {
    expect(
      untranslated([{ where: 'x.save', fr: 'Save {{n}} rows', en: 'Save {{n}} rows' }]),
    ).toEqual(['x.save']);
    expect(untranslated([{ where: 'x.save', fr: 'Enregistrer', en: 'Save' }])).toEqual([]);
    // A word French shares, and placeholders with punctuation, are not flagged.
    expect(untranslated([{ where: 'x.d', fr: 'Date', en: 'Date' }])).toEqual([]);
    expect(untranslated([{ where: 'x.p', fr: '{{a}} ({{b}})', en: '{{a}} ({{b}})' }])).toEqual([]);
  });

  it('every French string differs from its English one, but those the same on purpose', () => {
    expect(untranslated(frenchEntries())).toEqual([]);
  });

  it('each string listed as the same on purpose still is (the list holds no stale entry)', () => {
    const same = new Set(
      frenchEntries()
        .filter((e) => e.fr === e.en)
        .map((e) => e.where),
    );
    expect(Object.keys(SAME_ON_PURPOSE).filter((k) => !same.has(k))).toEqual([]);
  });
});
