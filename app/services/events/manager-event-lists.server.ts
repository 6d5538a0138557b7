/**
 * The event lists of the signed-in side: a promoter's home (their series and events, today's
 * first) and the admin events list (filters, newest first, paginated).
 */
import { and, asc, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Conn } from '~/db.server';
import { events, promoters, series } from '#db/schema';
import { PAGE_SIZE } from '~/lib/constants';
import { todayString } from '~/lib/format';
import { pageWindow } from '~/lib/pagination';
import { requireRole } from '~/services/auth/guard.server';

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
};

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

export async function promoterHomeLoader(request: Request) {
  const auth = await requireRole(request, 'promoter');
  return promoterHome(getDb(), auth.profile.id);
}

// ---------------------------------------------------------------- admin events list

export type AdminEventFilters = { title: string; state: string; country: string; page: number };

/** The admin list of events: title/state/country filters, newest first, paginated. */
export function adminEventList(conn: Conn, f: AdminEventFilters, pageSize = PAGE_SIZE) {
  const where: SQL[] = [];
  if (f.title)
    where.push(
      like(sql`lower(${events.title})`, `%${f.title.toLowerCase().replace(/[\\%_]/g, '')}%`),
    );
  if (f.state) where.push(eq(sql`upper(${events.state})`, f.state.toUpperCase()));
  if (f.country) where.push(eq(sql`upper(${events.country})`, f.country.toUpperCase()));
  const cond = where.length ? and(...where) : undefined;
  const total = conn.select({ n: count() }).from(events).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page, pageSize);
  const list: (EventListItem & { promoterName: string | null })[] = conn
    .select({ ...listColumns, promoterName: promoters.name })
    .from(events)
    .leftJoin(series, eq(series.id, events.seriesId))
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .where(cond)
    .orderBy(desc(events.date), asc(events.title), asc(events.id))
    .limit(limit)
    .offset(offset)
    .all();
  return { events: list, pagination };
}

export async function adminEventsLoader(request: Request) {
  await requireRole(request, 'admin');
  const url = new URL(request.url);
  const text = (k: string, max = 100) => (url.searchParams.get(k) ?? '').trim().slice(0, max);
  const page = Number(url.searchParams.get('page') ?? '1');
  const filters: AdminEventFilters = {
    title: text('title'),
    state: text('state', 10),
    country: text('country', 3),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  return { filters, ...adminEventList(getDb(), filters) };
}
