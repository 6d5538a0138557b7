/**
 * Read models of the rider area (spec §2 rider routes): home, earnings, redemptions, dealers,
 * My series / My events and their details. Every function takes the rider id of the signed-in
 * profile and only ever reads that rider's rows. Money stays integer cents with its currency.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import {
  awards,
  classPlaces,
  dealers,
  eventClasses,
  events,
  results,
  riderFavouriteDealers,
  riders,
  series,
  type Award,
} from '#db/schema';
import { pageWindow } from '~/lib/pagination';
import { CURRENCIES, type Currency, type PayoutType, type ResultType } from '~/lib/constants';
import type { AwardType, DealerSearch, EarningsFilter, RedemptionsFilter } from '~/lib/schemas/rider-area';
import { availableCredit, EXPIRING_SOON_DAYS } from '~/services/money/credit.server';
import { listFavourites, type FavouriteDealer } from '~/services/people/favourites.server';
import { riderPayoutStatus, type MissingPaymentInfo, type PayoutClaimView } from '~/services/money/payouts.server';
import { listCreditRedemptions, type CreditRedemptionRow } from '~/services/money/redemptions.server';
import { awardSourceTitle } from '~/services/money/award-title.server';

export { EXPIRING_SOON_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** An award status (the schema's list, including 'reversed'). */
export type AwardStatus = Award['status'];

// ---------------------------------------------------------------- shared pieces

/** An amount of money: integer cents in a currency. */
export type Money = { currency: Currency; cents: number };

/** Where a list is: the page shown, how many pages, how many rows in all. */
export type PageInfo = { page: number; totalPages: number; total: number };

/** Sorts per-currency sums in the program's currency order and drops zero lines. */
function moneyList(rows: { currency: Currency; cents: number | null }[]): Money[] {
  const order = (c: Currency) => CURRENCIES.indexOf(c);
  return rows
    .map((r) => ({ currency: r.currency, cents: Number(r.cents ?? 0) }))
    .filter((r) => r.cents !== 0)
    .sort((a, b) => order(a.currency) - order(b.currency));
}

/** The award's status as of `now`: a current award past its expiry date is expired. */
function effectiveStatus(nowIso: string) {
  return sql<AwardStatus>`(case when ${awards.status} = 'current' and ${awards.expiresAt} is not null and julianday(${awards.expiresAt}) <= julianday(${nowIso}) then 'expired' else ${awards.status} end)`;
}

/** A LIKE pattern for text typed by a user (% and _ taken literally). */
function likePattern(text: string, { prefix = false } = {}): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefix ? `${escaped}%` : `%${escaped}%`;
}

// ---------------------------------------------------------------- results of a rider

/** One of the rider's results, with what it paid or why not. */
export type RiderResultRow = {
  resultId: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  eventCancelled: boolean;
  seriesId: number | null;
  className: string;
  classPayoutType: PayoutType;
  currency: Currency;
  place: number | null;
  resultType: ResultType;
  payoutCents: number;
  bonusCents: number;
  bonusNote: string | null;
  /** i18n key or bare reason ('twoClassLimit') when the result pays nothing; null when it pays. */
  noPayoutReason: string | null;
};

function resultRows(conn: Conn, where: SQL | undefined, limit?: number): RiderResultRow[] {
  const q = conn
    .select({
      resultId: results.id,
      eventId: events.id,
      eventTitle: events.title,
      eventDate: events.date,
      eventCancelled: events.cancelled,
      seriesId: events.seriesId,
      className: eventClasses.name,
      classPayoutType: eventClasses.payoutType,
      currency: eventClasses.currency,
      place: results.place,
      resultType: results.resultType,
      payoutCents: results.payoutCents,
      bonusCents: results.bonusCents,
      bonusNote: results.bonusNote,
      noPayoutReason: results.noPayoutReason,
    })
    .from(results)
    .innerJoin(events, eq(events.id, results.eventId))
    .innerJoin(eventClasses, eq(eventClasses.id, results.classId))
    .where(where)
    .orderBy(desc(events.date), desc(events.id), asc(eventClasses.sortOrder), asc(eventClasses.name), asc(results.id));
  const rows = limit ? q.limit(limit).all() : q.all();
  return rows.map((r) => ({ ...r, noPayoutReason: r.payoutCents > 0 ? null : reasonFor(r) }));
}

/** Why a result pays nothing: the engine's reason when it gave one, else what the row shows. */
function reasonFor(r: {
  noPayoutReason: string | null;
  eventCancelled: boolean;
  classPayoutType: PayoutType;
  resultType: ResultType;
}): string {
  if (r.noPayoutReason) return r.noPayoutReason;
  if (r.eventCancelled) return 'eventCancelled';
  if (r.classPayoutType === 'noPayout') return 'classNoPayout';
  if (r.resultType !== 'finish') return 'notClassified';
  return 'none';
}

/** Sums of the rider's awards (initial value) per key and currency, e.g. per event or series. */
/**
 * What a rider was awarded per event or per series (withdrawn awards left out). Per series, a
 * series-end (final standings) award counts with the awards of the series' events.
 */
function awardTotals(conn: Conn, riderId: number, keyCol: typeof awards.eventId | typeof events.seriesId, keys: number[]) {
  const out = new Map<number, Money[]>();
  if (keys.length === 0) return out;
  const key: SQL<number | null> =
    keyCol === events.seriesId ? sql`coalesce(${events.seriesId}, ${awards.seriesId})` : sql`${keyCol}`;
  const rows = conn
    .select({ key, currency: awards.currency, cents: sql<number>`sum(${awards.initialCents})` })
    .from(awards)
    .leftJoin(events, eq(events.id, awards.eventId))
    .where(and(eq(awards.riderId, riderId), ne(awards.status, 'reversed'), inArray(key, keys)))
    .groupBy(key, awards.currency)
    .all();
  for (const r of rows) {
    if (r.key === null) continue;
    out.set(r.key, moneyList([...(out.get(r.key) ?? []), { currency: r.currency, cents: r.cents }]));
  }
  return out;
}

// ---------------------------------------------------------------- home

export type ExpiringCredit = { awardId: number; currency: Currency; cents: number; expiresAt: string };

export type PayoutRequirements = {
  /** What the rider must still supply before cash can be paid (empty: nothing). */
  missing: MissingPaymentInfo[];
  /** Riders who are not US persons have 30% withheld. */
  withholding: boolean;
  /** Earliest date payment information is due for earned, unclaimed cash. */
  paymentInfoDueAt: string | null;
};

export type RiderHome = {
  level: 'amateur' | 'pro';
  available: Money[];
  cash: { earned: Money[]; claimed: Money[]; sent: Money[] };
  expiring: ExpiringCredit[];
  expiringTotal: Money[];
  recentResults: RiderResultRow[];
  favourites: FavouriteDealer[];
  pinSet: boolean;
  payoutRequirements: PayoutRequirements | null;
};

/**
 * Dealer credit the rider can spend now, per currency, and what of it expires within
 * EXPIRING_SOON_DAYS (soonest first). Built on credit.server's `availableCredit`.
 */
export function creditNow(conn: Conn, riderId: number, now: Date) {
  const credit = availableCredit(conn, riderId, now);
  const until = now.getTime() + EXPIRING_SOON_DAYS * DAY_MS;
  const expiring: ExpiringCredit[] = credit.byCurrency
    .flatMap((c) => c.awards)
    .filter((a) => Date.parse(a.expiresAt) <= until)
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id)
    .map((a) => ({ awardId: a.id, currency: a.currency, cents: a.currentCents, expiresAt: a.expiresAt }));
  return {
    available: moneyList(credit.byCurrency.map((c) => ({ currency: c.currency, cents: c.totalCents }))),
    expiring,
    expiringTotal: moneyList(credit.byCurrency.map((c) => ({ currency: c.currency, cents: c.expiringSoonCents }))),
  };
}

/** The rider's cash (pros): earned and not claimed, claimed and not sent, sent. */
export function cashSummary(conn: Conn, riderId: number): RiderHome['cash'] {
  const rows = conn
    .select({
      currency: awards.currency,
      earned: sql<number>`sum(case when ${awards.status} = 'earned' and ${awards.payoutClaimId} is null then ${awards.currentCents} else 0 end)`,
      claimed: sql<number>`sum(case when (${awards.status} = 'earned' and ${awards.payoutClaimId} is not null) or ${awards.status} = 'funded' then ${awards.currentCents} else 0 end)`,
      sent: sql<number>`sum(case when ${awards.status} in ('sent', 'paid') then ${awards.initialCents} else 0 end)`,
    })
    .from(awards)
    .where(and(eq(awards.riderId, riderId), eq(awards.payoutType, 'cash')))
    .groupBy(awards.currency)
    .all();
  return {
    earned: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.earned }))),
    claimed: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.claimed }))),
    sent: moneyList(rows.map((r) => ({ currency: r.currency, cents: r.sent }))),
  };
}

/** Everything the rider home shows. */
export function riderHome(conn: Conn, riderId: number, now: Date): RiderHome {
  const rider = conn
    .select({ level: riders.level, pinHash: riders.pinHash })
    .from(riders)
    .where(eq(riders.id, riderId))
    .get();
  const level = rider?.level ?? 'amateur';
  const payout = level === 'pro' ? riderPayoutStatus(conn, riderId) : null;
  return {
    level,
    ...creditNow(conn, riderId, now),
    cash: cashSummary(conn, riderId),
    recentResults: resultRows(conn, eq(results.riderId, riderId), 5),
    favourites: listFavourites(conn, riderId),
    pinSet: Boolean(rider?.pinHash),
    payoutRequirements: payout
      ? { missing: payout.missing, withholding: !payout.usPerson, paymentInfoDueAt: payout.paymentInfoDueAt }
      : null,
  };
}

// ---------------------------------------------------------------- earnings

export type AwardRow = {
  id: number;
  eventId: number | null;
  /** Set for a series-end (final standings) award, which has no event. */
  seriesId: number | null;
  eventTitle: string | null;
  eventDate: string | null;
  className: string | null;
  place: number | null;
  type: AwardType;
  payoutType: 'cash' | 'dealerCredit';
  currency: Currency;
  initialCents: number;
  currentCents: number;
  spentCents: number;
  status: AwardStatus;
  awardedAt: string;
  expiresAt: string | null;
  paymentInfoDueAt: string | null;
  notes: string | null;
};

export type AwardTotals = { currency: Currency; initialCents: number; currentCents: number; spentCents: number };

/** Every award of the rider (filtered by type and status as of `now`), a page at a time, with totals. */
export function listRiderAwards(
  conn: Conn,
  riderId: number,
  filter: EarningsFilter,
  now: Date,
): PageInfo & { rows: AwardRow[]; totals: AwardTotals[] } {
  const status = effectiveStatus(now.toISOString());
  const where = and(
    eq(awards.riderId, riderId),
    filter.type ? eq(awards.type, filter.type) : undefined,
    filter.status ? sql`${status} = ${filter.status}` : undefined,
  );
  const totalsRows = conn
    .select({
      currency: awards.currency,
      n: count(),
      initialCents: sql<number>`coalesce(sum(${awards.initialCents}), 0)`,
      currentCents: sql<number>`coalesce(sum(${awards.currentCents}), 0)`,
      spentCents: sql<number>`coalesce(sum(${awards.spentCents}), 0)`,
    })
    .from(awards)
    .where(where)
    .groupBy(awards.currency)
    .all();
  const total = totalsRows.reduce((s, r) => s + r.n, 0);
  const { offset, limit, pagination: w } = pageWindow(total, filter.page);
  const rows = conn
    .select({
      id: awards.id,
      eventId: awards.eventId,
      seriesId: awards.seriesId,
      eventTitle: awardSourceTitle,
      eventDate: events.date,
      className: eventClasses.name,
      place: results.place,
      type: awards.type,
      payoutType: awards.payoutType,
      currency: awards.currency,
      initialCents: awards.initialCents,
      currentCents: awards.currentCents,
      spentCents: awards.spentCents,
      status,
      awardedAt: awards.awardedAt,
      expiresAt: awards.expiresAt,
      paymentInfoDueAt: awards.paymentInfoDueAt,
      notes: awards.notes,
    })
    .from(awards)
    .leftJoin(events, eq(events.id, awards.eventId))
    .leftJoin(eventClasses, eq(eventClasses.id, awards.classId))
    .leftJoin(results, eq(results.id, awards.resultId))
    .where(where)
    .orderBy(desc(awards.awardedAt), desc(awards.id))
    .limit(limit)
    .offset(offset)
    .all();
  const order = (c: Currency) => CURRENCIES.indexOf(c);
  const totals = totalsRows
    .map(({ currency, initialCents, currentCents, spentCents }) => ({
      currency,
      initialCents: Number(initialCents),
      currentCents: Number(currentCents),
      spentCents: Number(spentCents),
    }))
    .sort((a, b) => order(a.currency) - order(b.currency));
  return { rows, totals, page: w.page, totalPages: w.totalPages, total };
}

export type ClaimRow = Pick<
  PayoutClaimView,
  'id' | 'type' | 'status' | 'currency' | 'grossCents' | 'withheldCents' | 'netCents' | 'dueDate' | 'sentAt' | 'createdAt'
>;

/** The rider's payout claims, newest first (payouts.server's listing, this rider only). */
export function listRiderClaims(conn: Conn, riderId: number): ClaimRow[] {
  const status = riderPayoutStatus(conn, riderId);
  return (status?.claims ?? [])
    .filter((c) => c.riderId === riderId)
    .map(({ id, type, status: s, currency, grossCents, withheldCents, netCents, dueDate, sentAt, createdAt }) => ({
      id,
      type,
      status: s,
      currency,
      grossCents,
      withheldCents,
      netCents,
      dueDate,
      sentAt,
      createdAt,
    }));
}

// ---------------------------------------------------------------- redemptions

export type RedemptionRow = Pick<
  CreditRedemptionRow,
  'id' | 'code' | 'dealerId' | 'dealerName' | 'amountCents' | 'currency' | 'createdAt' | 'refundedAt'
> & { refunded: boolean; dealerCity: string | null; dealerState: string | null };

/** The rider's credit redemptions (newest first), in a date range (both days included). */
export function listRiderRedemptions(
  conn: Conn,
  riderId: number,
  filter: RedemptionsFilter,
): PageInfo & { rows: RedemptionRow[] } {
  if (!Number.isSafeInteger(riderId) || riderId <= 0) throw new Error('A rider id is required');
  const { creditRedemptions: list, pagination } = listCreditRedemptions(conn, {
    riderId,
    afterDate: filter.from ?? null,
    beforeDate: filter.to ?? null,
    page: filter.page ?? 1,
  });
  const dealerIds = [...new Set(list.map((r) => r.dealerId))];
  const places = new Map(
    (dealerIds.length
      ? conn.select({ id: dealers.id, city: dealers.city, state: dealers.state }).from(dealers).where(inArray(dealers.id, dealerIds)).all()
      : []
    ).map((d) => [d.id, d]),
  );
  return {
    rows: list
      .filter((r) => r.riderId === riderId)
      .map((r) => ({
        id: r.id,
        code: r.code,
        dealerId: r.dealerId,
        dealerName: r.dealerName,
        dealerCity: places.get(r.dealerId)?.city ?? null,
        dealerState: places.get(r.dealerId)?.state ?? null,
        amountCents: r.amountCents,
        currency: r.currency,
        createdAt: r.createdAt,
        refundedAt: r.refundedAt,
        refunded: r.status === 'revoked' || r.refundedAt !== null,
      })),
    page: pagination.page,
    totalPages: pagination.totalPages,
    total: pagination.total,
  };
}

// ---------------------------------------------------------------- dealers

export type DealerRow = {
  id: number;
  name: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
  phone: string | null;
  websiteUrl: string | null;
  favourite: boolean;
};

/** Active dealers matching the search, the rider's favourites first, then by name. */
export function searchDealersForRider(
  conn: Conn,
  riderId: number,
  search: DealerSearch,
): PageInfo & { rows: DealerRow[] } {
  const favourite = sql<number>`(case when exists (select 1 from ${riderFavouriteDealers} where ${riderFavouriteDealers.riderId} = ${riderId} and ${riderFavouriteDealers.dealerId} = ${dealers.id}) then 1 else 0 end)`;
  const where = and(
    eq(dealers.active, true),
    search.name ? sql`${dealers.name} like ${likePattern(search.name)} escape '\\'` : undefined,
    search.state ? sql`upper(${dealers.state}) = ${search.state.toUpperCase()}` : undefined,
    search.zipcode
      ? sql`replace(upper(${dealers.zipcode}), ' ', '') like ${likePattern(search.zipcode.toUpperCase().replace(/\s+/g, ''), { prefix: true })} escape '\\'`
      : undefined,
    search.country ? eq(dealers.country, search.country) : undefined,
  );
  const total = conn.select({ n: count() }).from(dealers).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, search.page);
  const rows = conn
    .select({
      id: dealers.id,
      name: dealers.name,
      addressLine1: dealers.addressLine1,
      city: dealers.city,
      state: dealers.state,
      zipcode: dealers.zipcode,
      country: dealers.country,
      phone: dealers.phone,
      websiteUrl: dealers.websiteUrl,
      favourite,
    })
    .from(dealers)
    .where(where)
    .orderBy(desc(favourite), asc(dealers.name), asc(dealers.id))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    rows: rows.map((r) => ({ ...r, favourite: Number(r.favourite) === 1 })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}

/** The countries and states/provinces that active dealers are in (for the search selects). */
export function dealerSearchOptions(conn: Conn): { countries: string[]; states: { country: string; state: string }[] } {
  const countries = conn
    .selectDistinct({ country: dealers.country })
    .from(dealers)
    .where(eq(dealers.active, true))
    .orderBy(asc(dealers.country))
    .all()
    .map((r) => r.country);
  const states = conn
    .selectDistinct({ country: dealers.country, state: sql<string>`upper(${dealers.state})` })
    .from(dealers)
    .where(and(eq(dealers.active, true), isNotNull(dealers.state), sql`trim(${dealers.state}) <> ''`))
    .orderBy(asc(dealers.country), sql`upper(${dealers.state})`)
    .all();
  return { countries, states };
}

// ---------------------------------------------------------------- My events, My series

/** Ids of the events the rider has results in (a subquery). */
function riderEventIds(conn: Conn, riderId: number) {
  return conn.selectDistinct({ id: results.eventId }).from(results).where(eq(results.riderId, riderId));
}

export type RiderEventItem = {
  id: number;
  title: string;
  date: string;
  city: string | null;
  state: string | null;
  country: string;
  cancelled: boolean;
  seriesId: number | null;
  seriesName: string | null;
  results: RiderResultRow[];
  awarded: Money[];
};

/** The events the rider has results in (newest first), each with the rider's results. */
export function listRiderEvents(conn: Conn, riderId: number, page: number | undefined): PageInfo & { rows: RiderEventItem[] } {
  const where = inArray(events.id, riderEventIds(conn, riderId));
  const total = conn.select({ n: count() }).from(events).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, page);
  const list = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      country: events.country,
      cancelled: events.cancelled,
      seriesId: events.seriesId,
      seriesName: series.name,
    })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(where)
    .orderBy(desc(events.date), desc(events.id))
    .limit(limit)
    .offset(offset)
    .all();
  const ids = list.map((e) => e.id);
  const res = ids.length ? resultRows(conn, and(eq(results.riderId, riderId), inArray(results.eventId, ids))) : [];
  const totals = awardTotals(conn, riderId, awards.eventId, ids);
  return {
    rows: list.map((e) => ({
      ...e,
      results: res.filter((r) => r.eventId === e.id),
      awarded: totals.get(e.id) ?? [],
    })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}

export type RiderSeriesItem = {
  id: number;
  name: string;
  firstDate: string | null;
  lastDate: string | null;
  results: RiderResultRow[];
  awarded: Money[];
};

/** The series the rider has results in (latest first), each with the rider's results. */
export function listRiderSeries(conn: Conn, riderId: number, page: number | undefined): PageInfo & { rows: RiderSeriesItem[] } {
  const seriesIds = conn
    .selectDistinct({ id: events.seriesId })
    .from(events)
    .where(and(isNotNull(events.seriesId), inArray(events.id, riderEventIds(conn, riderId))));
  const where = inArray(series.id, seriesIds);
  const total = conn.select({ n: count() }).from(series).where(where).get()?.n ?? 0;
  const { offset, limit, pagination: w } = pageWindow(total, page);
  const list = conn
    .select({ id: series.id, name: series.name, firstDate: series.firstDate, lastDate: series.lastDate })
    .from(series)
    .where(where)
    .orderBy(sql`${series.lastDate} is null`, desc(series.lastDate), asc(series.name), asc(series.id))
    .limit(limit)
    .offset(offset)
    .all();
  const ids = list.map((s) => s.id);
  const res = ids.length ? resultRows(conn, and(eq(results.riderId, riderId), inArray(events.seriesId, ids))) : [];
  const totals = awardTotals(conn, riderId, events.seriesId, ids);
  return {
    rows: list.map((s) => ({ ...s, results: res.filter((r) => r.seriesId === s.id), awarded: totals.get(s.id) ?? [] })),
    page: w.page,
    totalPages: w.totalPages,
    total,
  };
}

// ---------------------------------------------------------------- event and series details

export type RiderAwardRow = {
  id: number;
  className: string | null;
  type: AwardType;
  payoutType: 'cash' | 'dealerCredit';
  currency: Currency;
  initialCents: number;
  currentCents: number;
  status: AwardStatus;
};

export type EventClassRow = {
  id: number;
  name: string;
  payoutType: PayoutType;
  currency: Currency;
  places: { place: number; amountCents: number }[];
};

export type RiderEventDetail = {
  event: {
    id: number;
    title: string;
    date: string;
    startTime: string | null;
    venue: string | null;
    venueWebsite: string | null;
    city: string | null;
    state: string | null;
    country: string;
    cancelled: boolean;
    eventType: string | null;
    notes: string | null;
    bonuses: string | null;
  };
  series: { id: number; name: string } | null;
  classes: EventClassRow[];
  results: RiderResultRow[];
  awards: RiderAwardRow[];
  awarded: Money[];
};

/** The rider's view of one event: its classes and payouts, the rider's results and awards; null if unknown. */
export function riderEventDetail(conn: Conn, riderId: number, eventId: number, now: Date): RiderEventDetail | null {
  const event = conn
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      startTime: events.startTime,
      venue: events.venue,
      venueWebsite: events.venueWebsite,
      city: events.city,
      state: events.state,
      country: events.country,
      cancelled: events.cancelled,
      eventType: events.eventType,
      notes: events.notes,
      bonuses: events.bonuses,
      seriesId: events.seriesId,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
  if (!event) return null;
  const { seriesId, ...rest } = event;
  const serie = seriesId
    ? (conn.select({ id: series.id, name: series.name }).from(series).where(eq(series.id, seriesId)).get() ?? null)
    : null;
  const classList = conn
    .select({ id: eventClasses.id, name: eventClasses.name, payoutType: eventClasses.payoutType, currency: eventClasses.currency })
    .from(eventClasses)
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(eventClasses.name))
    .all();
  const places = classList.length
    ? conn
        .select({ classId: classPlaces.classId, place: classPlaces.place, amountCents: classPlaces.amountCents })
        .from(classPlaces)
        .where(inArray(classPlaces.classId, classList.map((c) => c.id)))
        .orderBy(asc(classPlaces.place))
        .all()
    : [];
  const awardRows = conn
    .select({
      id: awards.id,
      className: eventClasses.name,
      type: awards.type,
      payoutType: awards.payoutType,
      currency: awards.currency,
      initialCents: awards.initialCents,
      currentCents: awards.currentCents,
      status: effectiveStatus(now.toISOString()),
    })
    .from(awards)
    .leftJoin(eventClasses, eq(eventClasses.id, awards.classId))
    .where(and(eq(awards.riderId, riderId), eq(awards.eventId, eventId)))
    .orderBy(asc(awards.id))
    .all();
  return {
    event: rest,
    series: serie,
    classes: classList.map((c) => ({
      ...c,
      places: places.filter((p) => p.classId === c.id).map(({ place, amountCents }) => ({ place, amountCents })),
    })),
    results: resultRows(conn, and(eq(results.riderId, riderId), eq(results.eventId, eventId))),
    awards: awardRows,
    awarded: awardTotals(conn, riderId, awards.eventId, [eventId]).get(eventId) ?? [],
  };
}

export type RiderSeriesDetail = {
  series: {
    id: number;
    name: string;
    description: string | null;
    firstDate: string | null;
    lastDate: string | null;
    raceStyle: string | null;
  };
  events: { id: number; title: string; date: string; city: string | null; state: string | null; cancelled: boolean; raced: boolean }[];
  results: RiderResultRow[];
  awarded: Money[];
  /** The rider's series-end (final standings) awards in this series, withdrawn ones left out. */
  finalAwards: { id: number; payoutType: PayoutType; currency: Currency; cents: number; notes: string | null }[];
};

/** The rider's view of one series: its events and the rider's results in them; null if unknown. */
export function riderSeriesDetail(conn: Conn, riderId: number, seriesId: number): RiderSeriesDetail | null {
  const serie = conn
    .select({
      id: series.id,
      name: series.name,
      description: series.description,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
      raceStyle: series.raceStyle,
    })
    .from(series)
    .where(eq(series.id, seriesId))
    .get();
  if (!serie) return null;
  const res = resultRows(conn, and(eq(results.riderId, riderId), eq(events.seriesId, seriesId)));
  const raced = new Set(res.map((r) => r.eventId));
  const eventList = conn
    .select({ id: events.id, title: events.title, date: events.date, city: events.city, state: events.state, cancelled: events.cancelled })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.date), asc(events.id))
    .all();
  return {
    series: serie,
    events: eventList.map((e) => ({ ...e, raced: raced.has(e.id) })),
    results: res,
    awarded: awardTotals(conn, riderId, events.seriesId, [seriesId]).get(seriesId) ?? [],
    finalAwards: conn
      .select({ id: awards.id, payoutType: awards.payoutType, currency: awards.currency, cents: awards.initialCents, notes: awards.notes })
      .from(awards)
      .where(and(eq(awards.riderId, riderId), eq(awards.seriesId, seriesId), ne(awards.status, 'reversed')))
      .orderBy(asc(awards.id))
      .all(),
  };
}
