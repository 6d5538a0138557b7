/** The dealer finder's radius choices per language (zod-free: the page's browser code uses them). */
import { KM_PER_MILE, SEARCH_RADIUS_KM, SEARCH_RADIUS_MILES } from './constants';
import type { Lang } from './lang';

/** The radii the dealer finder offers in a language: miles in English, kilometres in French. 0 = exact. */
export function radiusChoices(lang: Lang): readonly number[] {
  return lang === 'fr' ? SEARCH_RADIUS_KM : SEARCH_RADIUS_MILES;
}

/** The unit of the radius choices in a language. */
export function radiusUnit(lang: Lang): 'mi' | 'km' {
  return lang === 'fr' ? 'km' : 'mi';
}

/** The default radius of the page: the 100-mile choice (160 km in French). */
export function defaultRadius(lang: Lang): number {
  return radiusChoices(lang)[3];
}

/** A radius chosen in the interface's unit → miles (the API's unit); km are converted exactly. */
export function radiusToMiles(value: number, lang: Lang): number {
  return lang === 'fr' ? value / KM_PER_MILE : value;
}
