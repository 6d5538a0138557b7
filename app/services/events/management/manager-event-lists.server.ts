/**
 * The event lists of the signed-in side: a promoter's home (their series and events, today's
 * first) and the admin events list (filters, sortable, newest first by default, paginated).
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { prepared, type Conn, unplannedLimit } from '~/db.server';
import { EVENT_APPROVAL_VALUES, events, promoters, series } from '#db/schema';
import { PAGE_SIZE } from '~/lib/constants';
import { todayString } from '~/lib/format';
import type { SortInput } from '~/lib/list-query';
import { pageWindow } from '~/lib/pagination';
import type { EventSort } from '~/lib/schemas/event-admin';
import { containsPlaceholder, likeContains } from '~/services/platform/like.server';
import { orderFor, orderShape, type SortColumns } from '~/services/platform/list-order.server';

export type EventListItem = {
  id: number;
  title: string;
  date: string;
  city: string | null;
  state: string | null;
  country: string;
  cancelled: boolean;
  seriesName: string | null;
  resultsUploadedAt: string | null;
  resultsVerifiedAt: string | null;
  approval: EventApproval;
  approvalReason: string | null;
};

const listColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  city: events.city,
  state: events.state,
  country: events.country,
  cancelled: events.cancelled,
  seriesName: series.name,
  resultsUploadedAt: events.resultsUploadedAt,
  resultsVerifiedAt: events.resultsVerifiedAt,
  approval: events.approval,
  approvalReason: events.approvalReason,
};

export type EventApproval = (typeof EVENT_APPROVAL_VALUES)[number];

/** A promoter's series and events (their own, or in their series); today's events first. */
export function promoterHome(conn: Conn, promoterId: number, now: Date = new Date()) {
  const today = todayString(now);
  const mySeries = conn
    .select({
      id: series.id,
      name: series.name,
      firstDate: series.firstDate,
      lastDate: series.lastDate,
    })
    .from(series)
    .where(eq(series.promoterId, promoterId))
    .orderBy(asc(series.name))
    .all();
  const myEvents: EventListItem[] = conn
    .select(listColumns)
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .where(or(eq(events.promoterId, promoterId), eq(series.promoterId, promoterId)))
    .orderBy(desc(events.date), asc(events.title))
    .all();
  return {
    today,
    mySeries,
    todaysEvents: myEvents.filter((e) => e.date === today),
    myEvents: myEvents.filter((e) => e.date !== today),
  };
}

// ---------------------------------------------------------------- admin events list

export type AdminEventFilters = {
  title?: string;
  state?: string;
  country?: string;
  page?: number;
} & SortInput<EventSort>;

/** Where results stand: none, uploaded, verified (the list's "results" column, in that order). */
const resultsStage = sql<number>`CASE WHEN ${events.resultsVerifiedAt} IS NOT NULL THEN 2 WHEN ${events.resultsUploadedAt} IS NOT NULL THEN 1 ELSE 0 END`;

const EVENT_ORDER: SortColumns<EventSort> = {
  date: [events.date],
  title: [events.title],
  location: [events.country, events.state, events.city],
  series: [series.name],
  promoter: [promoters.name],
  results: [resultsStage],
};

/**
 * The admin list of events: title/state/country filters, sortable (newest first), paginated.
 * The count and the page are statements built once per connection for each set of filters and
 * sort in use; the values go in as placeholders.
 */
export function adminEventList(conn: Conn, f: AdminEventFilters, pageSize = PAGE_SIZE) {
  const where: SQL[] = [];
  const values: Record<string, string | number> = {};
  if (f.title) {
    where.push(containsPlaceholder(events.title, 'title'));
    values.title = likeContains(f.title);
  }
  if (f.state) {
    where.push(eq(sql`upper(${events.state})`, sql.placeholder('state')));
    values.state = f.state.toUpperCase();
  }
  if (f.country) {
    where.push(eq(sql`upper(${events.country})`, sql.placeholder('country')));
    values.country = f.country.toUpperCase();
  }
  const cond = where.length ? and(...where) : undefined;
  const shape = Object.keys(values).join(',');
  const total =
    prepared(conn, `adminEvents.count.${shape}`, (c) =>
      c.select({ n: count() }).from(events).where(cond).prepare(),
    ).get(values)?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page, pageSize);
  const fallback = { key: 'date', dir: 'desc' } as const;
  const sorted = orderShape(EVENT_ORDER, f, fallback);
  const list: (EventListItem & { promoterName: string | null })[] = prepared(
    conn,
    `adminEvents.page.${shape}.${sorted}`,
    (c) =>
      c
        .select({ ...listColumns, promoterName: promoters.name })
        .from(events)
        .leftJoin(series, eq(series.id, events.seriesId))
        .leftJoin(promoters, eq(promoters.id, events.promoterId))
        .where(cond)
        .orderBy(...orderFor(EVENT_ORDER, f, fallback, [events.title, events.id]))
        .limit(unplannedLimit('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
  ).all({ ...values, limit, offset });
  return { events: list, pagination };
}
