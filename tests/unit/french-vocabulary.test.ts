/**
 * One French vocabulary (docs/glossary.md): every domain word has its French term and gender;
 * no French string (locale files, mail texts, the CSV headers written in code) uses a refused
 * variant; status words agree with the noun they qualify (a prime is feminine: « Expirée »); a
 * label is written one way wherever it appears; lists of places follow the page's language.
 */
import { describe, expect, it } from 'vitest';
import { countryOptions } from '~/lib/countries';
import { byPlaceName, regionGroups } from '~/lib/regions';
import { choices } from '~/lib/places.server';
import { dealerRefundsCsvRows } from '~/services/money/counter/dealer-refunds.server';
import {
  frenchEntries,
  glossaryTable,
  refusedVariants,
  refusedVariantsIn,
  type Entry,
} from './locales/french-rules';

/** The French texts that live in code rather than in locales/fr (the dealer refunds CSV). */
function frenchInCode(): Entry[] {
  const empty = { month: '2026-01', firstDay: '', lastDay: '', creditBy: '', rows: [], totals: [] };
  return dealerRefundsCsvRows(empty, 'fr')[0].map((cell, i) => ({
    where: `dealer-refunds CSV header ${i + 1}`,
    fr: String(cell),
  }));
}

const ALL = [...frenchEntries(), ...frenchInCode()];

/** The refused variants in these strings, as "where: problem — text". */
function variantProblems(entries: Entry[]): string[] {
  const refused = refusedVariants();
  return entries.flatMap((e) =>
    refusedVariantsIn(e.fr, refused).map((p) => `${e.where}: ${p} — ${e.fr}`),
  );
}

type Gender = 'm' | 'f';

/**
 * Lists of status words and the noun each qualifies. Each pattern must still match a key, so a
 * renamed list does not silently leave the check.
 */
const AGREEMENT: { keys: RegExp; noun: string; gender: Gender }[] = [
  { keys: /^(admin|payouts|riderArea)\.awardStatus\./, noun: 'prime', gender: 'f' },
  { keys: /^events\.conflicts\.why\./, noun: 'prime', gender: 'f' },
  { keys: /^notices\.withdrawn\./, noun: 'prime', gender: 'f' },
  {
    keys: /^((payouts|riderArea)\.earnings|admin\.seriesAwards)\.awarded$/,
    noun: 'prime',
    gender: 'f',
  },
  { keys: /^(admin|payouts|riderArea)\.claimStatus\./, noun: 'demande de paiement', gender: 'f' },
  {
    keys: /^payouts\.claims\.(markSent|markedSent|confirmSentTitle|confirmUndoTitle|created)$/,
    noun: 'demande de paiement',
    gender: 'f',
  },
  {
    keys: /^((events\.page|public\.events|riderArea\.events|promoter\.home|completion\.promoterSeries\.statuses|admin\.exports\.columns)\.cancelled|admin\.cancelled)$/,
    noun: 'épreuve',
    gender: 'f',
  },
  {
    keys: /^(dealer\.list\.(active|revoked|refundedOn)|dealer\.admin\.(refundedBy|redeemedOn|refunded)|dealer\.receipt\.refunded|riderArea\.redemptions\.refunded)$/,
    noun: 'échange',
    gender: 'm',
  },
  { keys: /^moneyControls\.statuses\./, noun: 'changement', gender: 'm' },
];

/** The participles of a text that do not agree with a noun of this gender. */
function agreementProblems(text: string, gender: Gender): string[] {
  const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(/[\p{L}-]+/gu) ?? [];
  return words
    .filter((w) => (gender === 'f' ? /(?<!e)és?$/i.test(w) : /ées?$/i.test(w)))
    .map((w) => `"${w}" — ${gender === 'f' ? 'feminine: -ée' : 'masculine: -é'}`);
}

/**
 * Labels written one way: every key whose English text is one of these shows the same French.
 * (English words that name different things in different places, such as "Payout" or "Status",
 * are not here.)
 */
const ONE_LABEL = [
  'Cash',
  'Dealer credit',
  'Bonus',
  'Bonuses',
  'Website',
  'Address line 1',
  'Address line 2',
  'ZIP / postal code',
  'State / province',
  'Location',
  'Race style',
  'Payment information',
  'Withheld',
  'Reason',
  'Promoter home',
  'Sign-in security',
  'VIN patterns',
  'Account recovery',
  'Redemption receipt',
];

/** Pages and labels named by different English words that must read the same in French. */
const SAME_FRENCH: string[][] = [
  ['moneyControls.nav', 'moneyControls.title', 'moneyControls.home.pending', 'titles.approvals'],
  ['common.pages.promoterHome', 'promoter.home.title', 'titles.promoterHome'],
  ['dealer.profile.addressLine2', 'rider.fields.addressLine2', 'admin.fields.addressLine2'],
];

describe('the glossary', () => {
  it('gives every domain word its French term and its gender', () => {
    const rows = glossaryTable('English');
    expect(rows.length).toBeGreaterThan(30);
    const missing = rows
      .filter((r) => !r.French || (!r.Gender && !/TBD/.test(r.English)))
      .map((r) => r.English);
    expect(missing).toEqual([]);
    expect(rows.find((r) => r.French === 'prime')?.Gender).toBe('f.');
    expect(rows.find((r) => r.French.startsWith('boni'))?.Gender).toBe('m.');
  });

  it('refuses variants as whole words, the first letter in either case', () => {
    const refused = refusedVariants();
    expect(refusedVariantsIn('Le pilote tape son NIP à 4 chiffres.', refused)).toHaveLength(1);
    expect(refusedVariantsIn('Site web', refused)).toHaveLength(1);
    expect(refusedVariantsIn('Site Web du lieu', refused)).toEqual([]);
    expect(refusedVariantsIn('Deuxième étape de la connexion', refused)).toEqual([]);
    expect(refusedVariantsIn('No d’épreuve', refused)).toHaveLength(1);
    expect(refusedVariantsIn('N° d’épreuve', refused)).toEqual([]);
    expect(refusedVariantsIn('Adresse (ligne 2)', refused)).toHaveLength(1);
    expect(refusedVariantsIn('Style de course', refused)).toHaveLength(1);
    expect(refusedVariantsIn('les « US persons »', refused)).toHaveLength(1);
    expect(refusedVariantsIn('une « US person »', refused)).toHaveLength(1);
  });
});

describe('French strings use one vocabulary', () => {
  it('no French string (locale files, mails, CSV headers) uses a refused variant', () => {
    expect(variantProblems(ALL)).toEqual([]);
  });

  it('a planted variant fails the check', () => {
    const planted: Entry = { where: 'planted', fr: 'Pour être payé, le pilote tape son NIP.' };
    expect(variantProblems([...ALL, planted])).toEqual([
      'planted: "tape" — write "saisit" — Pour être payé, le pilote tape son NIP.',
    ]);
  });

  it('status words agree with the noun they qualify', () => {
    const bad: string[] = [];
    for (const rule of AGREEMENT) {
      const entries = ALL.filter((e) => rule.keys.test(e.where));
      if (entries.length === 0) bad.push(`${rule.keys}: no key matches any more`);
      for (const e of entries)
        for (const p of agreementProblems(e.fr, rule.gender))
          bad.push(`${e.where} (une ${rule.noun}…): ${p} — ${e.fr}`);
    }
    expect(bad).toEqual([]);
    expect(agreementProblems('Expiré', 'f')).toHaveLength(1);
    expect(agreementProblems('Dépensées', 'f')).toEqual([]);
    expect(agreementProblems('Utilisée', 'm')).toHaveLength(1);
  });

  it('a bonus is a « boni », not a « prime »', () => {
    const bad = ALL.filter((e) => e.en && /\bbonus(es)?\b/i.test(e.en) && !/\baward/i.test(e.en))
      .filter((e) => !/\bbonis?\b/i.test(e.fr) || /\bprimes?\b/i.test(e.fr))
      .map((e) => `${e.where}: ${e.fr}`);
    expect(bad).toEqual([]);
  });

  it('a label reads the same wherever it appears', () => {
    const bad: string[] = [];
    for (const label of ONE_LABEL) {
      const entries = ALL.filter(
        (e) => e.en?.toLowerCase() === label.toLowerCase() && !/\.id$/.test(e.where),
      );
      const french = new Set(entries.map((e) => e.fr));
      if (entries.length === 0) bad.push(`"${label}": no string any more`);
      if (french.size > 1)
        bad.push(`"${label}": ${entries.map((e) => `${e.where} = ${e.fr}`).join(' | ')}`);
    }
    const byKey = new Map(ALL.map((e) => [e.where, e.fr]));
    for (const keys of SAME_FRENCH) {
      const french = new Set(keys.map((k) => byKey.get(k)));
      if (french.size > 1 || french.has(undefined))
        bad.push(keys.map((k) => `${k} = ${byKey.get(k)}`).join(' | '));
    }
    expect(bad).toEqual([]);
    expect(byKey.get('common.payoutType.cash')).toBe('Argent comptant');
  });
});

describe('lists of places follow the page’s language', () => {
  const labels = (options: { label: string }[]) => options.map((o) => o.label);
  const sorted = (list: string[], lang: string) => [...list].sort(new Intl.Collator(lang).compare);

  it('US states and Canadian provinces are sorted by their name in the page’s language', () => {
    for (const lang of ['en', 'fr'] as const)
      for (const group of regionGroups(lang))
        expect(labels(group.options)).toEqual(sorted(labels(group.options), lang));
    const us = labels(regionGroups('fr')[0].options);
    // In French, « Caroline du Nord » (North Carolina) comes right after « Californie ».
    expect(us.indexOf('Caroline du Nord')).toBe(us.indexOf('Californie') + 1);
  });

  it('countries and the states found by a search are sorted the same way', () => {
    const countries = labels([...countryOptions('fr')].slice(2));
    expect(countries).toEqual(sorted(countries, 'fr'));
    const names: Record<string, string> = {
      NY: 'New York',
      NC: 'Caroline du Nord',
      CA: 'Californie',
      GA: 'Géorgie',
    };
    const found = choices(['NY', 'NC', 'CA', 'GA'], (c) => names[c] ?? c, 'fr');
    expect(labels(found)).toEqual(['Californie', 'Caroline du Nord', 'Géorgie', 'New York']);
    expect(
      labels(byPlaceName([{ label: 'Écosse' }, { label: 'Estonie' }, { label: 'Égypte' }], 'fr')),
    ).toEqual(['Écosse', 'Égypte', 'Estonie']);
  });
});
