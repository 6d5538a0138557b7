/**
 * Place names in the page's language, computed by loaders so the public pages' JavaScript does
 * not carry the country and region tables (the browser receives the names it shows, nothing more).
 */
import { countryLabel, countryOptions, regionLabel } from './countries';
import { byPlaceName } from './regions';
import type { EventCard } from './event-card';
import type { Lang } from './lang';

type Place = { city: string | null; state: string | null; country: string };

/** 'City, State' (state and country names in the page's language; country left out for the US). */
export function placeLabel(p: Place, lang: Lang, withCountry = true): string {
  const state = p.state ? regionLabel(p.country, p.state, lang) : '';
  const parts = [p.city, state].filter((v): v is string => Boolean(v && v.trim()));
  if (withCountry && p.country && p.country !== 'US') parts.push(countryLabel(p.country, lang));
  return parts.join(', ');
}

/** An event as the lists read it: what its row shows, and where it is. */
type EventCardSource = Place & Omit<EventCard, 'place'>;

/**
 * Event list rows as the page sends them: the columns a row shows, its place named in the page's
 * language. The city, state, zipcode, country, type and currency of each event stayed in the
 * page's data, which the server encodes and the browser decodes for every row.
 */
export function eventCards(rows: EventCardSource[], lang: Lang): EventCard[] {
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    date: e.date,
    startTime: e.startTime,
    venue: e.venue,
    place: placeLabel(e, lang),
    cancelled: e.cancelled,
    seriesId: e.seriesId,
    seriesName: e.seriesName,
    contingency: e.contingency,
    distanceMiles: e.distanceMiles ?? null,
    hasResults: e.hasResults ?? false,
  }));
}

/** Each row with its `place` label. */
export function withPlace<T extends Place>(rows: T[], lang: Lang): (T & { place: string })[] {
  return rows.map((row) => ({ ...row, place: placeLabel(row, lang) }));
}

/** The name of a US state or Canadian province code (the code itself when neither). */
export function stateName(code: string, lang: Lang): string {
  const us = regionLabel('US', code, lang);
  if (us !== code) return us;
  return regionLabel('CA', code, lang);
}

export type Choice = { value: string; label: string };

/** Place codes as select choices, named by `name` and sorted by name in the page's language. */
export function choices(
  codes: readonly string[],
  name: (code: string) => string,
  lang: Lang,
): Choice[] {
  return byPlaceName(
    codes.map((code) => ({ value: code, label: name(code) })),
    lang,
  );
}

/** Every country, as select choices. */
export function countryChoices(lang: Lang): Choice[] {
  return [...countryOptions(lang)];
}
