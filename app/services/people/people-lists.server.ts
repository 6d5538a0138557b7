/**
 * The admin's people lists (riders, dealers, promoters, dealer logins): filters, pages and the
 * sort keys each list accepts (the whitelists in ~/lib/schemas/admin mapped to columns here).
 */
import { and, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { prepared, type DB, unplannedLimit } from '~/db.server';
import { dealers, promoters, riders, users } from '#db/schema';
import type { SortInput } from '~/lib/list-query';
import { pageWindow } from '~/lib/pagination';
import type { DealerLoginSort, DealerSort, PromoterSort, RiderSort } from '~/lib/schemas/admin';
import { orderFor, orderShape, type SortColumns } from '~/services/platform/list-order.server';
import { columnsOf } from '~/services/platform/columns.server';
import { contains, containsPlaceholder, likeContains } from '~/services/platform/like.server';

export type RiderFilters = {
  q?: string;
  country?: string;
  level?: 'amateur' | 'pro';
  status?: 'active' | 'deactivated';
  page?: number;
} & SortInput<RiderSort>;

/** What each sort key of the riders list orders by. */
const RIDER_ORDER: SortColumns<RiderSort> = {
  name: [riders.lastName, riders.firstName],
  email: [users.email],
  amaNumber: [riders.amaNumber],
  level: [riders.level],
  location: [riders.country, riders.state, riders.city],
};

/**
 * Riders with their account state and whether every bike is valid. The count and the page are
 * statements built once per connection for each set of filters and sort in use: the typed values
 * go in as placeholders, level and account state (two values each) are part of the statement.
 */
export function listRiders(db: DB, f: RiderFilters) {
  const where: SQL[] = [];
  const values: Record<string, string | number> = {};
  const shape: string[] = [];
  if (f.q) {
    const digits = f.q.replace(/\D/g, '');
    const byPhone = digits.length >= 4;
    where.push(
      or(
        containsPlaceholder(sql`(${riders.firstName} || ' ' || ${riders.lastName})`, 'q'),
        containsPlaceholder(users.email, 'q'),
        eq(riders.amaNumber, sql.placeholder('ama')),
        byPhone ? like(riders.phone1, sql.placeholder('phone')) : undefined,
      ) as SQL,
    );
    values.q = likeContains(f.q);
    values.ama = f.q;
    if (byPhone) values.phone = `%${digits}%`;
    shape.push(byPhone ? 'q+phone' : 'q');
  }
  if (f.country) {
    where.push(eq(riders.country, sql.placeholder('country')));
    values.country = f.country.toUpperCase();
    shape.push('country');
  }
  if (f.level) {
    where.push(eq(riders.level, f.level));
    shape.push(`level=${f.level}`);
  }
  if (f.status) {
    where.push(
      inArray(
        riders.userId,
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.deactivated, f.status === 'deactivated')),
      ),
    );
    shape.push(`status=${f.status}`);
  }
  const cond = where.length ? and(...where) : undefined;
  const filters = shape.join(',');
  // Every rider has an account (a required key): without a search of the e-mail the count reads
  // the riders' own index, not a join over every account.
  const total =
    prepared(db, `adminRiders.count.${filters}`, (c) => {
      const counted = c.select({ n: count() }).from(riders);
      return (f.q ? counted.innerJoin(users, eq(users.id, riders.userId)) : counted)
        .where(cond)
        .prepare();
    }).get(values)?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const fallback = { key: 'name' } as const;
  const sorted = orderShape(RIDER_ORDER, f, fallback);
  const rows = prepared(db, `adminRiders.page.${filters}.${sorted}`, (c) =>
    c
      .select({
        ...columnsOf(riders, ['id', 'firstName', 'lastName']),
        email: users.email,
        ...columnsOf(riders, ['amaNumber', 'level', 'city', 'state', 'country']),
        deactivated: users.deactivated,
        emailVerified: users.emailVerified,
        factory: riders.factory,
        bikeCount: sql<number>`(SELECT count(*) FROM bikes b WHERE b.rider_id = ${riders.id})`,
        invalidBikes: sql<number>`(SELECT count(*) FROM bikes b WHERE b.rider_id = ${riders.id} AND b.valid = 0)`,
      })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(cond)
      .orderBy(
        ...orderFor(RIDER_ORDER, f, fallback, [riders.lastName, riders.firstName, riders.id]),
      )
      .limit(unplannedLimit('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  ).all({ ...values, limit, offset });
  return { riders: rows, pagination };
}

// ---------------------------------------------------------------- dealers

export type DealerFilters = {
  name?: string;
  state?: string;
  country?: string;
  active?: 'true' | 'false';
  page?: number;
} & SortInput<DealerSort>;

const DEALER_ORDER: SortColumns<DealerSort> = {
  name: [dealers.name],
  dealerNumber: [dealers.dealerNumber],
  location: [dealers.country, dealers.state, dealers.city],
  login: [users.email],
  status: [dealers.active],
};

export function listDealers(db: DB, f: DealerFilters) {
  const where: SQL[] = [];
  if (f.name) where.push(contains(dealers.name, f.name));
  if (f.state) where.push(eq(dealers.state, f.state.toUpperCase()));
  if (f.country) where.push(eq(dealers.country, f.country.toUpperCase()));
  if (f.active) where.push(eq(dealers.active, f.active === 'true'));
  const cond = where.length ? and(...where) : undefined;
  const total = db.select({ n: count() }).from(dealers).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      ...columnsOf(dealers, [
        'id',
        'name',
        'dealerNumber',
        'city',
        'state',
        'country',
        'phone',
        'active',
      ]),
      loginEmail: users.email,
    })
    .from(dealers)
    .leftJoin(users, eq(users.id, dealers.userId))
    .where(cond)
    .orderBy(...orderFor(DEALER_ORDER, f, { key: 'name' }, [dealers.name, dealers.id]))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { dealers: rows, pagination };
}

// ---------------------------------------------------------------- promoters

const promoterEvents = sql<number>`(SELECT count(*) FROM events e WHERE e.promoter_id = ${promoters.id})`;

const PROMOTER_ORDER: SortColumns<PromoterSort> = {
  name: [promoters.name],
  email: [promoters.email],
  login: [users.email],
  events: [promoterEvents],
};

export function listPromoters(
  db: DB,
  f: { name?: string; page?: number } & SortInput<PromoterSort>,
) {
  const cond = f.name ? contains(promoters.name, f.name) : undefined;
  const total = db.select({ n: count() }).from(promoters).where(cond).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const rows = db
    .select({
      id: promoters.id,
      name: promoters.name,
      phone: promoters.phone,
      email: promoters.email,
      loginEmail: users.email,
      events: promoterEvents,
    })
    .from(promoters)
    .leftJoin(users, eq(users.id, promoters.userId))
    .where(cond)
    .orderBy(...orderFor(PROMOTER_ORDER, f, { key: 'name' }, [promoters.name, promoters.id]))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { promoters: rows, pagination };
}

// ---------------------------------------------------------------- dealer logins

const DEALER_LOGIN_ORDER: SortColumns<DealerLoginSort> = {
  dealer: [dealers.name],
  email: [users.email],
  created: [users.createdAt],
  status: [users.deactivated],
};

export type DealerLoginFilters = {
  /** Part of the dealer's name or of the login's e-mail. */
  q?: string;
  status?: 'active' | 'deactivated';
  page?: number;
} & SortInput<DealerLoginSort>;

/** Dealer login accounts (the dealer-logins page), a page at a time. */
export function listDealerLogins(db: DB, f: DealerLoginFilters = {}) {
  const where: SQL[] = [];
  if (f.q) where.push(or(contains(dealers.name, f.q), contains(users.email, f.q))!);
  if (f.status) where.push(eq(users.deactivated, f.status === 'deactivated'));
  const cond = where.length ? and(...where) : undefined;
  const total =
    db
      .select({ n: count() })
      .from(dealers)
      .innerJoin(users, eq(users.id, dealers.userId))
      .where(cond)
      .get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, f.page ?? 1);
  const logins = db
    .select({
      dealerId: dealers.id,
      dealerName: dealers.name,
      city: dealers.city,
      state: dealers.state,
      userId: users.id,
      ...columnsOf(users, ['email', 'emailVerified', 'deactivated', 'createdAt']),
    })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(cond)
    .orderBy(...orderFor(DEALER_LOGIN_ORDER, f, { key: 'dealer' }, [dealers.name, users.id]))
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { logins, pagination };
}
