/**
 * The benchmark data set: N program years at the size of a real program, on top of the
 * demo season (its accounts: admin, dealer, promoter, rider with PIN 1234, password Password123).
 *
 * At scale 1 and 5 years: ~50k riders (each with an account and two valid bikes, one eligible), ~1,055 dealers,
 * ~5k events (5 classes, 6–14 riders a class), ~246k results, ~180k awards, ~700k redemptions,
 * ~930k ledger rows. Everything obeys the program rules the way the award engine and the counter
 * apply them: a class pays only with MIN_RIDERS_PER_CLASS present, a rider enters one class per
 * event (so never over PAID_CLASSES_PER_EVENT), only finishers on the maker's bikes (eligible model
 * year) earn; amateurs earn dealer credit (expires CREDIT_EXPIRY_MONTHS later), pros cash (claimed
 * and sent yearly); redemptions draw soonest expiry first from credit available at that instant;
 * what is left past expiry expires. Every balance change has its ledger row, so
 * sum(ledger) == sum(awards.current_cents) per rider, balance and currency.
 *
 * Written with raw prepared statements in a few big transactions (not the services row by row).
 */
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { addDays, creditExpiresAt, laInstant, paymentInfoDueAt } from '~/lib/dates';
import { MIN_BIKE_YEAR, MIN_RIDERS_PER_CLASS } from '~/lib/constants';
import { vinCheckDigit } from '~/lib/vin';
import { hashPassword, hashPin } from '~/services/auth/password.server';
import { rngFor } from '#db/seed';
import { keepPlannerStatistics } from '#db/statistics';
import { FILLER_FIRST_NAMES, FILLER_LAST_NAMES } from '#db/seed-data/season';

export type GenerateOptions = {
  years: number;
  scale: number;
  now?: Date;
  log?: (s: string) => void;
};

/** Sizes of the 5-year data set; the generator scales them by years/5 × scale. */
export const FIVE_YEAR_SIZES = { riders: 50_040, dealers: 1_055, events: 5_038 };

const OTHER_MAKES: [string, string][] = [
  ['Honda', 'CRF450R'],
  ['Yamaha', 'YZ450F'],
  ['Kawasaki', 'KX450'],
  ['Suzuki', 'RM-Z450'],
];
const CLASSES = [
  { name: 'Pro Open', payoutType: 'cash', level: 'pro', base: 50_000 },
  { name: 'Amateur 450', payoutType: 'dealerCredit', level: 'amateur', base: 15_000 },
  { name: 'Amateur 250', payoutType: 'dealerCredit', level: 'amateur', base: 12_000 },
  { name: 'Vet 30+', payoutType: 'dealerCredit', level: 'amateur', base: 10_000 },
  { name: 'Beginner', payoutType: 'dealerCredit', level: 'amateur', base: 5_000 },
] as const;
const PAID_PLACES = 10;

type Award = {
  riderId: number;
  eventId: number;
  classId: number;
  resultId: number;
  credit: boolean;
  cents: number;
  current: number;
  spent: number;
  status: string;
  awardedAt: string;
  expiresAt: string | null;
  dueAt: string | null;
  redeemedAt: string | null;
  claimId: number | null;
  id?: number;
};

export type GenerateSummary = Record<string, number> & {
  ledgerSum: number;
  awardsCurrentSum: number;
  mismatches: number;
};

export async function generate(
  raw: Database.Database,
  opts: GenerateOptions,
): Promise<GenerateSummary> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  const today = nowIso.slice(0, 10);
  const f = (opts.years / 5) * opts.scale;
  const R = Math.max(60, Math.round(FIVE_YEAR_SIZES.riders * f));
  const E = Math.max(6, Math.round(FIVE_YEAR_SIZES.events * f));
  const D = Math.max(20, Math.round(FIVE_YEAR_SIZES.dealers * Math.min(1, opts.scale)));
  const rand = rngFor('bench-data');
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const passwordHash = await hashPassword('Password123');
  const pinHash = hashPin('1234');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  raw.pragma('cache_size = -262144');
  // Secondary indexes of the big tables are dropped during the load and built once at the end
  // (sorting once is far cheaper than updating a dozen B-trees per row); unique ones stay.
  const bulkIndexes = raw
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE 'CREATE INDEX%' AND tbl_name IN ('users', 'riders', 'bikes', 'results', 'awards', 'credit_redemptions', 'redemption_allocations', 'ledger_entries', 'class_places', 'event_classes', 'events')`,
    )
    .all() as { name: string; sql: string }[];
  for (const i of bulkIndexes) raw.exec(`DROP INDEX "${i.name}"`);
  const tx = (fn: () => void) => raw.transaction(fn).immediate();
  const maxId = (t: string) =>
    (raw.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${t}`).get() as { n: number }).n;

  // ------------------------------------------------------------ dealers
  type Zip = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, Zip> };
  const zips = Object.values(zipcodes.codes).filter((z) => z.country === 'US' && z.latitude);
  const haveDealers = maxId('dealers');
  const dealerIds: number[] = (
    raw.prepare(`SELECT id FROM dealers WHERE country = 'US' AND active = 1`).all() as {
      id: number;
    }[]
  ).map((r) => r.id);
  const insDealer = raw.prepare(
    `INSERT INTO dealers (dealer_number, name, address_line1, city, state, zipcode, country, phone, email, lat, lon, active)
     VALUES (?, ?, ?, ?, ?, ?, 'US', ?, ?, ?, ?, 1)`,
  );
  tx(() => {
    for (let i = haveDealers; i < D; i++) {
      const z = pick(zips);
      const r = insDealer.run(
        `B${10_000 + i}`,
        `${z.city} Powersports ${i}`,
        `${int(1, 9999)} Main St`,
        z.city,
        z.state,
        z.zip,
        '5550100100',
        `dealer${i}@bench.test`,
        z.latitude,
        z.longitude,
      );
      dealerIds.push(Number(r.lastInsertRowid));
    }
  });
  log(`dealers: ${D}`);

  // ------------------------------------------------------------ riders, accounts, bikes
  type Pattern = { id: number; model: string; year: number; pattern: string };
  const allPatterns = raw
    .prepare(`SELECT id, model, year, pattern FROM vin_patterns WHERE verified = 1`)
    .all() as Pattern[];
  const patterns = allPatterns.filter((p) => p.year >= MIN_BIKE_YEAR);
  if (patterns.length === 0)
    throw new Error('no verified VIN patterns: seed the demo season first');
  const insUser = raw.prepare(
    `INSERT INTO users (email, password_hash, role, email_verified, created_at, updated_at) VALUES (?, ?, 'rider', 1, ?, ?)`,
  );
  const insRider = raw.prepare(
    `INSERT INTO riders (user_id, first_name, last_name, level, ama_number, city, state, zipcode, country, date_of_birth, sex, race_style, pin_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'US', ?, 'male', 'motocross', ?, ?)`,
  );
  const insBike = raw.prepare(
    `INSERT INTO bikes (rider_id, vin, year, make, model, valid, vin_pattern_id, created_at) VALUES (?, ?, ?, 'KTM', ?, 1, ?, ?)`,
  );
  const vinOf = (p: Pattern, serial: number) => {
    const digits = String(serial).padStart(6, '0');
    let k = 0;
    const draft = p.pattern
      .split('')
      .map((c, j) => (j === 8 ? '0' : c === '*' ? digits[k++ % 6] : c))
      .join('');
    return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
  };
  type R = {
    id: number;
    name: string;
    ama: string;
    hometown: string;
    bikeId: number;
    model: string;
    pro: boolean;
  };
  const pros: R[] = [];
  const amateurs: R[] = [];
  const start = addDays(today, -365 * opts.years);
  tx(() => {
    for (let i = 0; i < R; i++) {
      const created = laInstant(addDays(start, -int(0, 400)), '12:00');
      const u = insUser.run(`bench.rider${i}@bench.test`, passwordHash, created, created);
      const first = pick(FILLER_FIRST_NAMES);
      const last = pick(FILLER_LAST_NAMES);
      const z = pick(zips);
      const pro = rand() < 0.1;
      const ama = String(100_000 + i);
      const dob = `${int(1970, 2004)}-0${int(1, 9)}-1${int(0, 9)}`;
      const riderId = Number(
        insRider.run(
          u.lastInsertRowid,
          first,
          last,
          pro ? 'pro' : 'amateur',
          ama,
          z.city,
          z.state,
          z.zip,
          dob,
          pinHash,
          created,
        ).lastInsertRowid,
      );
      const p = patterns[i % patterns.length];
      const bikeId = Number(
        insBike.run(riderId, vinOf(p, i), p.year, p.model, p.id, created).lastInsertRowid,
      );
      // Their previous bike (five years of a program: most riders changed bikes once).
      const old = allPatterns[(i * 7) % allPatterns.length];
      insBike.run(riderId, vinOf(old, 500_000 + i), old.year, old.model, old.id, created);
      (pro ? pros : amateurs).push({
        id: riderId,
        name: `${first} ${last}`,
        ama,
        hometown: `${z.city}, ${z.state}`,
        bikeId,
        model: p.model,
        pro,
      });
    }
  });
  log(`riders: ${R}`);

  // ------------------------------------------------------------ series, events, classes, results
  const categoryIds = (
    raw
      .prepare(
        `SELECT id FROM categories WHERE eligible_models IS NULL AND min_year IS NULL AND max_year IS NULL`,
      )
      .all() as { id: number }[]
  ).map((r) => r.id);
  const insPromoter = raw.prepare(
    `INSERT INTO promoters (name, phone, email) VALUES (?, '5550100200', ?)`,
  );
  const insSeries = raw.prepare(
    `INSERT INTO series (name, category_id, promoter_id, race_style, city, state, zipcode, country, first_date, last_date) VALUES (?, ?, ?, 'motocross', ?, ?, ?, 'US', ?, ?)`,
  );
  const insEvent = raw.prepare(
    `INSERT INTO events (series_id, promoter_id, category_id, title, venue, city, state, zipcode, country, lat, lon, date, start_time, event_type, currency, results_uploaded_at, results_verified_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'US', ?, ?, ?, '09:00', 'motocross', 'USD', ?, ?, ?)`,
  );
  const insClass = raw.prepare(
    `INSERT INTO event_classes (event_id, name, payout_type, currency, sort_order) VALUES (?, ?, ?, 'USD', ?)`,
  );
  const insPlace = raw.prepare(
    `INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, ?, ?)`,
  );
  const insResult = raw.prepare(
    `INSERT INTO results (event_id, class_id, place, result_type, rider_name, ama_number, make, model, hometown, rider_id, bike_id, payout_cents, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const promoterIds: number[] = [];
  const awardsByRider = new Map<number, Award[]>();
  let resultCount = 0;
  // A few riders race most weekends: pick index by u^2 so the pool is skewed like a real one.
  const skewed = (pool: R[]) => pool[Math.floor(pool.length * rand() ** 1.6)];
  tx(() => {
    for (let i = 0; i < Math.max(3, Math.round(E / 40)); i++)
      promoterIds.push(
        Number(insPromoter.run(`Bench Promotions ${i}`, `promoter${i}@bench.test`).lastInsertRowid),
      );
    const rounds = 8;
    for (let s = 0; s * rounds < E; s++) {
      const z = pick(zips);
      const promoterId = pick(promoterIds);
      const categoryId = pick(categoryIds);
      const first = addDays(start, Math.floor((s * rounds * 365 * opts.years) / E));
      const dates = Array.from({ length: Math.min(rounds, E - s * rounds) }, (_, r) =>
        addDays(first, r * int(7, 21) + int(0, 6)),
      );
      const seriesId = Number(
        insSeries.run(
          `${z.city} MX Series ${s}`,
          categoryId,
          promoterId,
          z.city,
          z.state,
          z.zip,
          dates[0],
          dates[dates.length - 1],
        ).lastInsertRowid,
      );
      for (const [r, date] of dates.entries()) {
        const past = date < addDays(today, -3);
        const uploaded = past ? laInstant(addDays(date, 2), '18:00') : null;
        const verifiedAt = past ? laInstant(addDays(date, 3), '10:00') : null;
        const ev = insEvent.run(
          seriesId,
          promoterId,
          categoryId,
          `${z.city} MX Series ${s} — Round ${r + 1}`,
          `${z.city} Raceway`,
          z.city,
          z.state,
          z.zip,
          z.latitude,
          z.longitude,
          date,
          uploaded,
          verifiedAt,
          laInstant(addDays(date, -60), '09:00'),
        );
        const eventId = Number(ev.lastInsertRowid);
        const entered = new Set<number>();
        for (const [order, c] of CLASSES.entries()) {
          // One event in three runs its beginner class without a payout.
          const payoutType = c.name === 'Beginner' && eventId % 3 === 0 ? 'noPayout' : c.payoutType;
          const base = payoutType === 'noPayout' ? 0 : c.base;
          const classId = Number(insClass.run(eventId, c.name, payoutType, order).lastInsertRowid);
          const amounts = Array.from({ length: PAID_PLACES }, (_, p) =>
            base ? Math.round((base * (PAID_PLACES - p)) / PAID_PLACES / 100) * 100 : 0,
          );
          amounts.forEach((cents, p) => insPlace.run(classId, p + 1, cents));
          if (!past) continue;
          const n = int(MIN_RIDERS_PER_CLASS, 14);
          let place = 0;
          for (let k = 0; k < n; k++) {
            const type = rand() < 0.95 ? 'finish' : 'DNF';
            const p = type === 'finish' ? ++place : null;
            if (rand() < 0.1) {
              const [make, model] = pick(OTHER_MAKES);
              insResult.run(
                eventId,
                classId,
                p,
                type,
                `${pick(FILLER_FIRST_NAMES)} ${pick(FILLER_LAST_NAMES)}`,
                null,
                make,
                model,
                null,
                null,
                null,
                0,
                uploaded,
              );
              resultCount++;
              continue;
            }
            let rider = skewed(c.level === 'pro' ? pros : amateurs);
            for (let t = 0; t < 5 && entered.has(rider.id); t++)
              rider = skewed(c.level === 'pro' ? pros : amateurs);
            if (entered.has(rider.id)) continue;
            entered.add(rider.id);
            const cents = p !== null && p <= PAID_PLACES ? amounts[p - 1] : 0;
            const res = insResult.run(
              eventId,
              classId,
              p,
              type,
              rider.name,
              rider.ama,
              'KTM',
              rider.model,
              rider.hometown,
              rider.id,
              rider.bikeId,
              cents,
              uploaded,
            );
            resultCount++;
            if (cents > 0 && verifiedAt) {
              const credit = payoutType === 'dealerCredit';
              const list =
                awardsByRider.get(rider.id) ?? awardsByRider.set(rider.id, []).get(rider.id)!;
              list.push({
                riderId: rider.id,
                eventId,
                classId,
                resultId: Number(res.lastInsertRowid),
                credit,
                cents,
                current: cents,
                spent: 0,
                status: credit ? 'current' : 'earned',
                awardedAt: verifiedAt,
                expiresAt: credit ? creditExpiresAt(verifiedAt) : null,
                dueAt: credit ? null : paymentInfoDueAt(date),
                redeemedAt: null,
                claimId: null,
              });
            }
          }
        }
      }
    }
  });
  log(`events: ${E}, results: ${resultCount}`);

  // ------------------------------------------------------------ money: awards, redemptions, payouts, expiry
  const insAward = raw.prepare(
    `INSERT INTO awards (rider_id, event_id, class_id, result_id, type, payout_type, currency, initial_cents, current_cents, spent_cents, status, awarded_at, expires_at, payment_info_due_at, redeemed_at, payout_claim_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insRedemption = raw.prepare(
    `INSERT INTO credit_redemptions (rider_id, dealer_id, amount_cents, currency, employee_name, id_verified, status, created_at) VALUES (?, ?, ?, 'USD', ?, 1, 'active', ?)`,
  );
  const insAlloc = raw.prepare(
    `INSERT INTO redemption_allocations (redemption_id, award_id, amount_cents) VALUES (?, ?, ?)`,
  );
  const insLedger = raw.prepare(
    `INSERT INTO ledger_entries (rider_id, balance, kind, amount_cents, currency, award_id, redemption_id, payout_claim_id, note, created_at) VALUES (?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?)`,
  );
  const insClaim = raw.prepare(
    `INSERT INTO payout_claims (rider_id, type, status, country, currency, gross_cents, withheld_cents, net_cents, us_person, due_date, sent_at, created_at) VALUES (?, 'cheque', 'sent', 'US', 'USD', ?, 0, ?, 1, ?, ?, ?)`,
  );
  const employees = ['Sam', 'Alex', 'Jordan', 'Casey', 'Riley', 'Morgan'];
  const ms = (iso: string) => new Date(iso).getTime();
  let redemptionCount = 0;
  let awardCount = 0;
  let ledgerCount = 0;
  const ledger = (
    riderId: number,
    balance: string,
    kind: string,
    cents: number,
    awardId: number | null,
    redemptionId: number | null,
    claimId: number | null,
    note: string | null,
    at: string,
  ) => {
    insLedger.run(riderId, balance, kind, cents, awardId, redemptionId, claimId, note, at);
    ledgerCount++;
  };
  const nowMs = now.getTime();
  tx(() => {
    for (const [riderId, list] of awardsByRider) {
      list.sort((a, b) => a.awardedAt.localeCompare(b.awardedAt));
      for (const a of list) {
        a.id = Number(
          insAward.run(
            riderId,
            a.eventId,
            a.classId,
            a.resultId,
            a.credit ? 'credit' : 'cash',
            a.credit ? 'dealerCredit' : 'cash',
            a.cents,
            a.cents,
            0,
            a.status,
            a.awardedAt,
            a.expiresAt,
            a.dueAt,
            null,
            null,
            a.awardedAt,
          ).lastInsertRowid,
        );
        ledger(
          riderId,
          a.credit ? 'credit' : 'cash',
          'award',
          a.cents,
          a.id,
          null,
          null,
          null,
          a.awardedAt,
        );
        awardCount++;
      }
      const credit = list.filter((a) => a.credit);
      // Visits to a dealer: ~4 per award, spread between the award and its expiry (or today).
      const visits: { at: number; cents: number }[] = [];
      for (const a of credit) {
        const from = ms(a.awardedAt) + 86_400_000;
        const to = Math.min(ms(a.expiresAt!), nowMs) - 60_000;
        if (to <= from) continue;
        const m = int(3, 7);
        for (let k = 0; k < m; k++)
          visits.push({
            at: from + rand() * (to - from),
            cents: Math.max(100, Math.round((a.cents * (0.5 + rand() * 0.5)) / m / 100) * 100),
          });
      }
      visits.sort((x, y) => x.at - y.at);
      const expire = (until: number) => {
        for (const a of credit) {
          if (a.status === 'current' && a.current > 0 && ms(a.expiresAt!) <= until) {
            ledger(riderId, 'credit', 'expiry', -a.current, a.id!, null, null, null, a.expiresAt!);
            a.current = 0;
            a.status = 'expired';
          }
        }
      };
      for (const v of visits) {
        expire(v.at);
        const iso = new Date(v.at).toISOString();
        const open = credit
          .filter((a) => a.status === 'current' && a.current > 0 && a.awardedAt <= iso)
          .sort((x, y) => x.expiresAt!.localeCompare(y.expiresAt!));
        const available = open.reduce((s, a) => s + a.current, 0);
        const amount = Math.min(v.cents, available);
        if (amount <= 0) continue;
        const redemptionId = Number(
          insRedemption.run(riderId, pick(dealerIds), amount, pick(employees), iso).lastInsertRowid,
        );
        redemptionCount++;
        let left = amount;
        for (const a of open) {
          if (left === 0) break;
          const take = Math.min(left, a.current);
          a.current -= take;
          a.spent += take;
          a.redeemedAt = iso;
          if (a.current === 0) a.status = 'spent';
          insAlloc.run(redemptionId, a.id!, take);
          ledger(
            riderId,
            'credit',
            'redemption',
            -take,
            a.id!,
            redemptionId,
            null,
            `redemption ${redemptionId.toString(36).toUpperCase()}`,
            iso,
          );
          left -= take;
        }
      }
      expire(nowMs);
      // Pros: one claim per year of what was earned more than 60 days ago, sent.
      const cash = list.filter((a) => !a.credit && ms(a.awardedAt) < nowMs - 60 * 86_400_000);
      const byYear = new Map<string, Award[]>();
      for (const a of cash)
        (
          byYear.get(a.awardedAt.slice(0, 4)) ??
          byYear.set(a.awardedAt.slice(0, 4), []).get(a.awardedAt.slice(0, 4))!
        ).push(a);
      for (const [, group] of byYear) {
        const last = group[group.length - 1].awardedAt;
        const sentAt = new Date(ms(last) + 45 * 86_400_000).toISOString();
        if (ms(sentAt) > nowMs) continue;
        const gross = group.reduce((s, a) => s + a.cents, 0);
        const claimId = Number(
          insClaim.run(riderId, gross, gross, addDays(last.slice(0, 10), 30), sentAt, last)
            .lastInsertRowid,
        );
        for (const a of group) {
          a.claimId = claimId;
          a.status = 'sent';
          ledger(riderId, 'cash', 'payoutSent', -a.current, a.id!, null, claimId, null, sentAt);
          a.current = 0;
        }
      }
    }
    const upd = raw.prepare(
      `UPDATE awards SET current_cents = ?, spent_cents = ?, status = ?, redeemed_at = ?, payout_claim_id = ? WHERE id = ?`,
    );
    for (const list of awardsByRider.values())
      for (const a of list)
        if (a.current !== a.cents || a.status !== (a.credit ? 'current' : 'earned'))
          upd.run(a.current, a.spent, a.status, a.redeemedAt, a.claimId, a.id!);
  });
  log(`awards: ${awardCount}, redemptions: ${redemptionCount}, ledger: ${ledgerCount}`);
  for (const i of bulkIndexes) raw.exec(i.sql);
  log('indexes rebuilt');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  // The statistics the app keeps (stat1, no samples), as a production database has them.
  keepPlannerStatistics(raw);

  const one = (q: string) => Number((raw.prepare(q).get() as { n: number | null }).n ?? 0);
  // Per rider, balance and currency: ledger minus what the awards hold; every group must be 0.
  const mismatches = one(`SELECT count(*) AS n FROM (
      SELECT rider_id, balance, currency, sum(cents) AS s FROM (
        SELECT rider_id, balance, currency, amount_cents AS cents FROM ledger_entries
        UNION ALL
        SELECT rider_id, CASE payout_type WHEN 'dealerCredit' THEN 'credit' ELSE 'cash' END, currency, -current_cents FROM awards)
      GROUP BY 1, 2, 3 HAVING s <> 0)`);
  return {
    riders: one('SELECT count(*) AS n FROM riders'),
    dealers: one('SELECT count(*) AS n FROM dealers'),
    events: one('SELECT count(*) AS n FROM events'),
    results: one('SELECT count(*) AS n FROM results'),
    awards: one('SELECT count(*) AS n FROM awards'),
    redemptions: one('SELECT count(*) AS n FROM credit_redemptions'),
    ledger: one('SELECT count(*) AS n FROM ledger_entries'),
    ledgerSum: one('SELECT sum(amount_cents) AS n FROM ledger_entries'),
    awardsCurrentSum: one('SELECT sum(current_cents) AS n FROM awards'),
    mismatches,
  };
}
