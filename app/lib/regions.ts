/**
 * The regions of the US (50 states, DC, Puerto Rico) and Canada (13 provinces and territories).
 * Small enough for the public pages' JavaScript: the schedule's state filter builds its options
 * from here rather than receiving every name in each page's data.
 */
import type { Lang } from './lang';

/** [code, English, French] rows for the US states, DC and Puerto Rico. */
export const US_REGIONS: [string, string, string][] = [
  ['AL', 'Alabama', 'Alabama'],
  ['AK', 'Alaska', 'Alaska'],
  ['AZ', 'Arizona', 'Arizona'],
  ['AR', 'Arkansas', 'Arkansas'],
  ['CA', 'California', 'Californie'],
  ['CO', 'Colorado', 'Colorado'],
  ['CT', 'Connecticut', 'Connecticut'],
  ['DE', 'Delaware', 'Delaware'],
  ['DC', 'District of Columbia', 'District de Columbia'],
  ['FL', 'Florida', 'Floride'],
  ['GA', 'Georgia', 'Géorgie'],
  ['HI', 'Hawaii', 'Hawaï'],
  ['ID', 'Idaho', 'Idaho'],
  ['IL', 'Illinois', 'Illinois'],
  ['IN', 'Indiana', 'Indiana'],
  ['IA', 'Iowa', 'Iowa'],
  ['KS', 'Kansas', 'Kansas'],
  ['KY', 'Kentucky', 'Kentucky'],
  ['LA', 'Louisiana', 'Louisiane'],
  ['ME', 'Maine', 'Maine'],
  ['MD', 'Maryland', 'Maryland'],
  ['MA', 'Massachusetts', 'Massachusetts'],
  ['MI', 'Michigan', 'Michigan'],
  ['MN', 'Minnesota', 'Minnesota'],
  ['MS', 'Mississippi', 'Mississippi'],
  ['MO', 'Missouri', 'Missouri'],
  ['MT', 'Montana', 'Montana'],
  ['NE', 'Nebraska', 'Nebraska'],
  ['NV', 'Nevada', 'Nevada'],
  ['NH', 'New Hampshire', 'New Hampshire'],
  ['NJ', 'New Jersey', 'New Jersey'],
  ['NM', 'New Mexico', 'Nouveau-Mexique'],
  ['NY', 'New York', 'New York'],
  ['NC', 'North Carolina', 'Caroline du Nord'],
  ['ND', 'North Dakota', 'Dakota du Nord'],
  ['OH', 'Ohio', 'Ohio'],
  ['OK', 'Oklahoma', 'Oklahoma'],
  ['OR', 'Oregon', 'Oregon'],
  ['PA', 'Pennsylvania', 'Pennsylvanie'],
  ['PR', 'Puerto Rico', 'Porto Rico'],
  ['RI', 'Rhode Island', 'Rhode Island'],
  ['SC', 'South Carolina', 'Caroline du Sud'],
  ['SD', 'South Dakota', 'Dakota du Sud'],
  ['TN', 'Tennessee', 'Tennessee'],
  ['TX', 'Texas', 'Texas'],
  ['UT', 'Utah', 'Utah'],
  ['VT', 'Vermont', 'Vermont'],
  ['VA', 'Virginia', 'Virginie'],
  ['WA', 'Washington', 'Washington'],
  ['WV', 'West Virginia', 'Virginie-Occidentale'],
  ['WI', 'Wisconsin', 'Wisconsin'],
  ['WY', 'Wyoming', 'Wyoming'],
];

/** [code, English, French] rows for the Canadian provinces and territories. */
export const CA_REGIONS: [string, string, string][] = [
  ['AB', 'Alberta', 'Alberta'],
  ['BC', 'British Columbia', 'Colombie-Britannique'],
  ['MB', 'Manitoba', 'Manitoba'],
  ['NB', 'New Brunswick', 'Nouveau-Brunswick'],
  ['NL', 'Newfoundland and Labrador', 'Terre-Neuve-et-Labrador'],
  ['NS', 'Nova Scotia', 'Nouvelle-Écosse'],
  ['NT', 'Northwest Territories', 'Territoires du Nord-Ouest'],
  ['NU', 'Nunavut', 'Nunavut'],
  ['ON', 'Ontario', 'Ontario'],
  ['PE', 'Prince Edward Island', 'Île-du-Prince-Édouard'],
  ['QC', 'Quebec', 'Québec'],
  ['SK', 'Saskatchewan', 'Saskatchewan'],
  ['YT', 'Yukon', 'Yukon'],
];

/** The US and Canadian regions of one country, as select options in one language. */
export type RegionGroup = { country: 'US' | 'CA'; options: { value: string; label: string }[] };

const groupsByLang = new Map<Lang, RegionGroup[]>();

/** US then Canadian regions as select options in `lang`, sorted by name (made once per language). */
export function regionGroups(lang: Lang): RegionGroup[] {
  let groups = groupsByLang.get(lang);
  if (!groups) {
    const options = (rows: [string, string, string][]) =>
      rows.map(([value, en, fr]) => ({ value, label: lang === 'fr' ? fr : en }));
    groups = [
      { country: 'US', options: byPlaceName(options(US_REGIONS), lang) },
      { country: 'CA', options: byPlaceName(options(CA_REGIONS), lang) },
    ];
    groupsByLang.set(lang, groups);
  }
  return groups;
}

const collators = new Map<Lang, Intl.Collator>();

/**
 * Places in the order a reader of `lang` expects: « Caroline du Nord » next to « Californie » in
 * French, "North Carolina" after "New York" in English (accents sort with their letter).
 */
export function byPlaceName<T extends { label: string }>(items: readonly T[], lang: Lang): T[] {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  const compare = collator.compare;
  return [...items].sort((a, b) => compare(a.label, b.label));
}
