/**
 * French as written in Quebec and France (docs/glossary.md): a non-breaking space before : ; ! ?
 * and inside « »; the glossary's words ("pilote", never "coureur"); a race class is a "classe",
 * a program category a "catégorie". Every string of every locales/fr/*.json file is checked, so a
 * namespace added later is covered too. `node scripts/fix-french-typography.mjs` fixes most of it.
 */
import { describe, expect, it } from 'vitest';
import {
  forbiddenWordsIn,
  formatProblems,
  forbiddenWords,
  frenchEntries,
  typographyProblems,
} from './french-rules';

describe('French typography (NBSP before : ; ! ? % and inside « », the apostrophe ’)', () => {
  it('the checker catches the typography mistakes French pages had and accepts the right forms', () => {
    expect(typographyProblems('Expire d’ici 30 jours: 120,00 $ US')).toHaveLength(1);
    expect(typographyProblems('colonne « 1st » :')).toHaveLength(3);
    expect(typographyProblems('Mot de passe oublié ?')).toHaveLength(1);
    expect(typographyProblems('Vraiment?')).toHaveLength(1);
    expect(typographyProblems('colonne «\u00a01st\u00a0»\u00a0:')).toEqual([]);
    expect(typographyProblems('Heure (14:30), https://exemple.com/?a=1 {{a}}:{{b}}')).toEqual([]);
    expect(typographyProblems('Quoi\u202f?!')).toEqual([]);
  });

  it('the checker catches a percent without its no-break space and a straight apostrophe', () => {
    expect(typographyProblems('29%')).toHaveLength(1);
    expect(typographyProblems('29 % des pilotes')).toHaveLength(1);
    expect(typographyProblems('{{percent}}% d’impôt')).toHaveLength(1);
    expect(typographyProblems('29\u00a0% et {{percent}}\u00a0%')).toEqual([]);
    expect(typographyProblems('comme !@#$%^&*()')).toEqual([]);
    expect(typographyProblems("Nom de l'épreuve")).toEqual([
      "straight apostrophe ' (French uses ’)",
    ]);
    expect(typographyProblems('Nom de l’épreuve')).toEqual([]);
  });

  it('every French string follows the rules', () => {
    const bad = frenchEntries().flatMap((e) =>
      typographyProblems(e.fr).map((p) => `${e.where}: ${p} — ${e.fr}`),
    );
    expect(bad, 'run: node scripts/fix-french-typography.mjs').toEqual([]);
  });
});

describe('French glossary (docs/glossary.md)', () => {
  const forbidden = forbiddenWords();

  it('the glossary decides one word for each thing (pilote, prime, place, fabricant…)', () => {
    expect(forbidden.get('coureur')).toBe('pilote');
    expect(forbidden.get('récompense')).toBe('prime');
    expect(forbidden.get('position')).toBe('place');
    expect(forbidden.get('constructeur')).toBe('fabricant');
    expect(forbidden.has('contingence')).toBe(true);
    expect(forbidden.has('tbd')).toBe(true);
    expect(forbiddenWordsIn('Bourse par position', forbidden)).toHaveLength(1);
    expect(forbiddenWordsIn('l’argent de contingence', forbidden)).toHaveLength(1);
    expect(forbiddenWordsIn('Bourse par place', forbidden)).toEqual([]);
  });

  it('no French string uses a word of the glossary\'s "Never" column', () => {
    const bad = frenchEntries().flatMap((e) =>
      forbiddenWordsIn(e.fr, forbidden).map((p) => `${e.where}: ${p}: ${e.fr}`),
    );
    expect(bad).toEqual([]);
  });

  it('no French string has an English format: TBD, an ISO month, "(s)" for a plural', () => {
    expect(formatProblems('2026-02')).toHaveLength(1);
    expect(formatProblems('6 échange(s)')).toHaveLength(1);
    expect(formatProblems('le 2026-02-14, AAAA-MM-JJ, février 2026')).toEqual([]);
    const bad = frenchEntries().flatMap((e) =>
      formatProblems(e.fr).map((p) => `${e.where}: ${p}: ${e.fr}`),
    );
    expect(bad).toEqual([]);
  });

  it('a race class is a "classe", a program category a "catégorie"', () => {
    const bad: string[] = [];
    for (const e of frenchEntries()) {
      if (!e.en) continue;
      const cls = /\bclass(?:es)?\b/i.test(e.en);
      const cat = /\bcategor(?:y|ies)\b/i.test(e.en);
      if (cls && !cat && /\bcatégories?\b/i.test(e.fr))
        bad.push(`${e.where}: class → "classe": ${e.fr}`);
      if (cat && !cls && /\bclasses?\b/i.test(e.fr))
        bad.push(`${e.where}: category → "catégorie": ${e.fr}`);
    }
    expect(bad).toEqual([]);
  });
});

/** Words French writes exactly as English does (column heads, levels, brands, marks). */
const SAME_WORDS = new Set([
  'Date',
  'Dates',
  'Type',
  'Code',
  'Net',
  'Total',
  'Actions',
  'Place',
  'Places',
  'Classes',
  'Notes',
  'Note',
  'Invitations',
  'Description',
  'Documents',
  'Confirmation',
  'Distance',
  'Message',
  'Menu',
  'Pagination',
  'Motocross',
  'Latitude',
  'Longitude',
  'Active',
  'Amateur',
  'Pro',
  'W-9',
  'English',
  'Français',
  '—',
  'Facebook',
  'Instagram',
  'X (Twitter)',
  'YouTube',
  'TikTok',
  'Canada',
]);
/** Strings that are the same by design: the brand, anchors, form names, value-only patterns. */
const SAME_KEYS = new Set([
  'common.appName', // the brand, not translated
  'events.conflicts.item', // "{{rider}}, {{className}}, {{amount}} ({{why}})": values only
  'tax.sheet.1099', // the IRS forms' names
  'tax.sheet.1042s',
  'timing.missingNames.Place', // the English column name the file lacks, shown as written
  'titles.format', // "{{page}} – contingency cash": the page's name, then the brand
  'titles.named', // "{{item}} — {{page}}": the item's name, then the page's
]);

describe('French is translated', () => {
  it('no French string repeats its English text unless the words are the same in French', () => {
    const untranslated = frenchEntries()
      .filter((e) => e.en !== undefined && e.fr === e.en)
      .filter(
        (e) =>
          !SAME_WORDS.has(e.fr) &&
          !SAME_KEYS.has(e.where) &&
          !/^public\.rules\.sections\.\d+\.id$/.test(e.where),
      )
      .map((e) => `${e.where}: ${e.fr}`);
    expect(untranslated).toEqual([]);
  });
});
