import { ordinal } from './format';
import type { Lang } from './lang';

/** A finishing place as the results tables write it: English '1st', '2nd'; French '1er', '2e'. */
export function placeOrdinal(n: number, lang: Lang): string {
  if (lang === 'fr') return n === 1 ? '1er' : `${n}e`;
  return ordinal(n);
}
