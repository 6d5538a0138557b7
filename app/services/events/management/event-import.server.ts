/**
 * A series' schedule from a file:
 * one event per row, CSV or XLSX, applied whole or refused whole with every problem listed (row,
 * column, why), like the results uploads.
 *
 * Columns (header names in English or French, any case or accents): Title (required), Date
 * (required, YYYY-MM-DD; an XLSX date cell works too), Time (HH:mm or h:mm am/pm; empty = TBD),
 * Venue, Website, City, State (or Province), Zip (or Postal code), Country (two letters; empty =
 * the series' country), Race style (flat track, motocross, road, off road; empty = the series').
 * An event already in the series with the same title and date is refused as a duplicate.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTx, type DB } from '~/db.server';
import { events, series } from '#db/schema';
import { RACE_STYLES, type RaceStyle } from '~/lib/constants';
import { countryByCode, isValidRegion } from '~/lib/countries';
import { isDateOnlyString } from '~/lib/format';
import { audit, type Actor } from '~/services/platform/audit.server';
import { currencyForCountry } from '~/services/money/ledger/credit.server';
import { cellText, type SheetRow } from '~/services/events/files/sheet-cells.server';
import { headerKey } from '~/services/events/files/match-keys.server';
import type { ImportProblem, ParseOutcome } from '~/services/events/files/import-problems.server';
import { refreshSeriesDates } from '~/services/events/catalog/programs.server';

export type ParsedEvent = {
  row: number;
  title: string;
  date: string;
  startTime: string | null;
  venue: string | null;
  venueWebsite: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  eventType: RaceStyle | null;
};

type Column =
  | 'title'
  | 'date'
  | 'time'
  | 'venue'
  | 'website'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'country'
  | 'raceStyle';

/** Header (reduced by headerKey) → column. */
const HEADERS: Record<string, Column> = {
  title: 'title',
  event: 'title',
  eventtitle: 'title',
  titre: 'title',
  epreuve: 'title',
  date: 'date',
  eventdate: 'date',
  time: 'time',
  starttime: 'time',
  heure: 'time',
  venue: 'venue',
  track: 'venue',
  lieu: 'venue',
  piste: 'venue',
  website: 'website',
  venuewebsite: 'website',
  siteweb: 'website',
  city: 'city',
  ville: 'city',
  state: 'state',
  province: 'state',
  stateprovince: 'state',
  region: 'state',
  zip: 'zipcode',
  zipcode: 'zipcode',
  postalcode: 'zipcode',
  codepostal: 'zipcode',
  country: 'country',
  pays: 'country',
  racestyle: 'raceStyle',
  type: 'raceStyle',
  eventtype: 'raceStyle',
  style: 'raceStyle',
  discipline: 'raceStyle',
  styledecourse: 'raceStyle',
};

/** Race style words (English and French labels, codes) → race style. */
const STYLE_WORDS: Record<string, RaceStyle> = {
  flat: 'flat',
  flattrack: 'flat',
  pisteovale: 'flat',
  motocross: 'motocross',
  mx: 'motocross',
  road: 'road',
  roadracing: 'road',
  coursesurroute: 'road',
  offroad: 'offroad',
  horsroute: 'offroad',
  enduro: 'offroad',
};
for (const s of RACE_STYLES) STYLE_WORDS[s] = s;

/** 'HH:mm' from '14:30', '9:05', '2:30 pm' or '2 PM'; null when not a time. */
export function parseStartTime(text: string): string | null {
  const m = /^(\d{1,2})(?:[:h](\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const ampm = m[3]?.toLowerCase().replace(/\./g, '');
  if (m[2] === undefined && !ampm) return null;
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Reads the rows of a schedule file; `defaults` are the series' country and race style. */
export function parseEventsUpload(
  rows: SheetRow[],
  defaults: { country: string; raceStyle: RaceStyle | null },
): ParseOutcome<ParsedEvent[]> {
  const [header, ...data] = rows;
  if (!header) return { ok: false, problems: [{ row: null, column: null, code: 'emptyFile' }] };
  const headers = header.cells.map((c) => cellText(c));
  const colOf = new Map<Column, number>();
  headers.forEach((h, i) => {
    const col = HEADERS[headerKey(h)];
    if (col && !colOf.has(col)) colOf.set(col, i);
  });
  const missing = (['title', 'date'] as const).filter((c) => !colOf.has(c));
  if (missing.length) {
    return {
      ok: false,
      problems: missing.map((c) => ({
        row: header.row,
        column: null,
        code: 'missingHeader' as const,
        value: c === 'title' ? 'Title' : 'Date',
      })),
    };
  }
  if (data.length === 0)
    return { ok: false, problems: [{ row: null, column: null, code: 'noEvents' }] };

  const problems: ImportProblem[] = [];
  const parsed: ParsedEvent[] = [];
  const seen = new Set<string>();
  for (const r of data) {
    const text = (c: Column) => {
      const i = colOf.get(c);
      return i === undefined ? '' : cellText(r.cells[i]);
    };
    const at = (c: Column) => headers[colOf.get(c)!] ?? null;
    const problem = (c: Column, code: ImportProblem['code'], value?: string) =>
      problems.push({ row: r.row, column: at(c), code, ...(value === undefined ? {} : { value }) });

    const title = text('title');
    if (!title) problem('title', 'missingTitle');
    const date = text('date');
    if (!date) problem('date', 'missingDate');
    else if (!isDateOnlyString(date)) problem('date', 'badDate', date);
    const timeText = text('time');
    const startTime = timeText ? parseStartTime(timeText) : null;
    if (timeText && !startTime) problem('time', 'badTime', timeText);
    const countryText = text('country').toUpperCase();
    const country = countryText || defaults.country.toUpperCase();
    if (countryText && !countryByCode(countryText))
      problem('country', 'badCountry', text('country'));
    const stateText = text('state').toUpperCase();
    if (stateText && countryByCode(country) && !isValidRegion(country, stateText))
      problem('state', 'badState', text('state'));
    const styleText = text('raceStyle');
    const eventType = styleText ? (STYLE_WORDS[headerKey(styleText)] ?? null) : defaults.raceStyle;
    if (styleText && !eventType) problem('raceStyle', 'badRaceStyle', styleText);
    const website = text('website');
    if (website && !/^https?:\/\/\S+$/i.test(website)) problem('website', 'badWebsite', website);
    const key = `${title.toLowerCase()}|${date}`;
    if (title && date && seen.has(key)) problem('title', 'duplicateEvent', title);
    seen.add(key);
    parsed.push({
      row: r.row,
      title,
      date,
      startTime,
      venue: text('venue') || null,
      venueWebsite: website || null,
      city: text('city') || null,
      state: stateText || null,
      zipcode: text('zipcode') || null,
      country,
      eventType,
    });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: parsed };
}

export type EventsImportOutcome =
  | { ok: true; created: number }
  | { ok: false; reason: 'seriesNotFound' }
  | { ok: false; reason: 'problems'; problems: ImportProblem[] };

/**
 * Adds the parsed events to the series in one transaction: each takes the series' promoter and
 * program, and the currency of its country. An event already in the series with the same title
 * and date refuses the whole file.
 */
export function importSeriesEvents(
  db: DB,
  seriesId: number,
  rows: SheetRow[],
  actor: Actor,
): EventsImportOutcome {
  return writeTx(db, (tx): EventsImportOutcome => {
    const s = tx.select().from(series).where(eq(series.id, seriesId)).get();
    if (!s) return { ok: false, reason: 'seriesNotFound' };
    const parsed = parseEventsUpload(rows, { country: s.country, raceStyle: s.raceStyle });
    if (!parsed.ok) return { ok: false, reason: 'problems', problems: parsed.problems };
    const problems: ImportProblem[] = [];
    for (const e of parsed.value) {
      const clash = tx
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.seriesId, seriesId),
            eq(events.date, e.date),
            sql`lower(${events.title}) = ${e.title.toLowerCase()}`,
          ),
        )
        .get();
      if (clash)
        problems.push({ row: e.row, column: null, code: 'duplicateEvent', value: e.title });
    }
    if (problems.length) return { ok: false, reason: 'problems', problems };
    for (const e of parsed.value) {
      const country = e.country ?? s.country;
      tx.insert(events)
        .values({
          seriesId,
          promoterId: s.promoterId,
          categoryId: s.categoryId,
          title: e.title,
          date: e.date,
          startTime: e.startTime,
          venue: e.venue,
          venueWebsite: e.venueWebsite,
          city: e.city,
          state: e.state,
          zipcode: e.zipcode,
          country,
          eventType: e.eventType,
          currency: currencyForCountry(country),
        })
        .run();
    }
    refreshSeriesDates(tx, seriesId);
    tx.update(series)
      .set({ version: sql`${series.version} + 1` })
      .where(eq(series.id, seriesId))
      .run();
    audit(
      tx,
      actor,
      'series.uploadEvents',
      { type: 'series', id: seriesId },
      { created: parsed.value.length },
    );
    return { ok: true, created: parsed.value.length };
  });
}
