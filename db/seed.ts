/**
 * The demo season (docs/rules.md). Runs on the first start of an empty database
 * (server/index.ts) and from `npm run db:seed`.
 *
 * What it builds, deterministically for a given day (no randomness without a fixed seed):
 * - the demo accounts of db/seed-accounts.ts, promoters, dealers (some with logins) and riders,
 *   each rider with one bike whose VIN matches a verified pattern with a correct check digit;
 * - the six programs (four race styles, SuperTwin, Singles), the VIN pattern allow-list;
 * - series and events across the US and Canada: this season's rounds on fixed days of the current
 *   calendar year, plus rounds placed a number of days from today wherever a state must hold
 *   whatever the day (late results, the upload test events, the demo rider's expiring credit);
 * - classes and results; the award engine (`recomputeInTx`) then computes each event's awards,
 *   payouts and no-payout reasons, as of the day its results were verified;
 * - redemptions at the dealer counter (soonest expiry first, one refunded), payout claims sent
 *   to pros, expired credit — each balance change with its ledger row, so that per rider,
 *   balance and currency, sum(ledger) == sum(awards.currentCents).
 *
 * The awards come from the engine, so the seed has no copy of the program rules. What happens to
 * them afterwards (redemptions, refunds, expiry, payout batches, over months in the past) is
 * written directly, with the ledger rules of docs/rules.md "Money", because the money
 * services act at the present time.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, laInstant } from '~/lib/dates';
import { withholding } from '~/services/money/payouts/payout-rules.server';
import { recomputeInTx } from '~/services/money/awards/awards.server';
import { eq } from 'drizzle-orm';
import type { DB } from '~/db.server';
import { writeTx } from '~/db.server';
import { env } from '~/env.server';
import { CASH_PAID_DAYS } from '~/lib/constants';
import { ageOn, toDateString, todayString } from '~/lib/format';
import { matchVinPattern, vinCheckDigit } from '~/lib/vin';
import { hashPin } from '~/services/auth/password.server';
import { createAccount } from '~/services/people/users.server';
import {
  admins,
  awards,
  bikes,
  categories,
  classPlaces,
  contactMessages,
  creditRedemptions,
  dealers,
  eventClasses,
  events,
  guardianConsents,
  ledgerEntries,
  payoutClaims,
  pinAttempts,
  promoters,
  redemptionAllocations,
  results,
  revokedRedemptions,
  riderDocuments,
  riderFavouriteDealers,
  riders,
  series,
  users,
  vinPatterns,
  type Award,
} from './schema';
import { DEMO_PASSWORD } from './seed-accounts';
import { SEED_DEALERS } from './seed-data/dealers';
import { documentPng } from './seed-data/document-image';
import {
  SEED_ADMIN,
  SEED_PROMOTERS,
  SEED_RIDERS,
  type PoolKey,
  type SeedRider,
} from './seed-data/people';
import {
  CLASS_TEMPLATES,
  FILLER_BIKES,
  FILLER_FIRST_NAMES,
  FILLER_HOMETOWNS,
  FILLER_LAST_NAMES,
  FILLER_YOUTH_BIKES,
  SEED_CATEGORIES,
  SEED_CONTACT_MESSAGES,
  SEED_EVENTS,
  SEED_REDEMPTIONS,
  SEED_SERIES,
  TEST_EVENT_TITLE,
  type ClassEntry,
  type SeedClass,
  type SeedEvent,
} from './seed-data/season';
import { SEED_VIN_MAKE, SEED_VIN_PATTERNS } from './seed-data/vin-patterns';

/** A seed rider's tax answer: as written, else a US person when living in the US. */
const isUsPerson = (r: Pick<SeedRider, 'usPerson' | 'country'>) => r.usPerson ?? r.country === 'US';

/** Title of the past event, without classes or results, that the browser tests upload fixtures to. */
export const SEED_TEST_EVENT_TITLE = TEST_EVENT_TITLE;
/** Its twin for the French run of the same test. */
export const SEED_TEST_EVENT_TITLE_FR = `${TEST_EVENT_TITLE} FR`;
/** The demo rider's PIN at the dealer counter (every seeded rider with a PIN uses it). */
const SEED_RIDER_PIN = '1234';

type Currency = 'USD' | 'CAD';

// ---------------------------------------------------------------- calendar helpers

// Calendar days in Los Angeles and the money deadlines: the same helpers the services use.
const at = laInstant;

/** An ISO instant plus minutes. */
function plusMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

// ---------------------------------------------------------------- deterministic randomness

/** A 32-bit hash of a string (FNV-1a). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, one stream per event so events do not influence each other. */
export function rngFor(key: string): () => number {
  let a = hash(`contingency-cash:${key}`);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)];
}

// ---------------------------------------------------------------- VINs

/** A VIN for a model and year: the verified pattern filled with a serial, check digit computed. */
function vinFor(model: string, year: number, serial: number): string {
  const p = SEED_VIN_PATTERNS.find((x) => x.model === model && x.year === year);
  if (!p) throw new Error(`No VIN pattern for ${model} ${year}`);
  const digits = String(serial).padStart(6, '0');
  let k = 0;
  const chars = p.pattern.split('').map((c, i) => {
    if (i === 8) return '0';
    if (c !== '*') return c;
    return digits[k++ % digits.length];
  });
  const draft = chars.join('');
  const vin = draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
  if (!matchVinPattern(vin, p.pattern))
    throw new Error(`Seed VIN ${vin} does not match ${p.pattern}`);
  return vin;
}

// ---------------------------------------------------------------- in-memory season

type RiderInfo = {
  def: SeedRider;
  id: number;
  userId: number;
  bikeId: number;
  dateOfBirth: string;
  name: string;
  hometown: string;
  hasConsent: boolean;
};

type ResultRec = {
  place: number | null;
  resultType: 'finish' | 'DNF' | 'DNS';
  riderName: string;
  amaNumber: string;
  make: string;
  model: string;
  hometown: string;
  rider?: RiderInfo;
  bonusCents: number;
  bonusNote: string | null;
  id?: number;
};

type ClassRec = { def: SeedClass; sortOrder: number; id?: number; results: ResultRec[] };

type EventRec = {
  def: SeedEvent;
  date: string;
  currency: Currency;
  categoryKey: string | null;
  classes: ClassRec[];
  hasResults: boolean;
  uploadedAt: string | null;
  verifiedAt: string | null;
  id?: number;
};

type AwardRec = {
  rider: RiderInfo;
  event: EventRec;
  cls: ClassRec;
  result: ResultRec;
  type: 'cash' | 'credit' | 'bonus';
  payoutType: 'cash' | 'dealerCredit';
  currency: Currency;
  initialCents: number;
  currentCents: number;
  spentCents: number;
  status: 'current' | 'expired' | 'spent' | 'earned' | 'sent';
  awardedAt: string;
  expiresAt: string | null;
  paymentInfoDueAt: string | null;
  redeemedAt: string | null;
  expiryMailSentAt: string | null;
  claim?: ClaimRec;
  notes: string | null;
  id?: number;
};

/**
 * The engine's awards as the seed's records (rider, event, class and result of each), in id
 * order, ready for the money story to spend, expire and pay them.
 */
function awardRecsFrom(
  rows: Award[],
  eventRecs: EventRec[],
  riderInfos: Map<string, RiderInfo>,
): AwardRec[] {
  const riderById = new Map([...riderInfos.values()].map((r) => [r.id, r]));
  const eventById = new Map(eventRecs.map((e) => [e.id!, e]));
  return rows.map((a) => {
    const event = eventById.get(a.eventId!)!;
    const cls = event.classes.find((c) => c.id === a.classId)!;
    const result = cls.results.find((r) => r.id === a.resultId)!;
    return {
      id: a.id,
      rider: riderById.get(a.riderId)!,
      event,
      cls,
      result,
      type: a.type as AwardRec['type'],
      payoutType: a.payoutType as AwardRec['payoutType'],
      currency: a.currency as Currency,
      initialCents: a.initialCents,
      currentCents: a.currentCents,
      spentCents: a.spentCents,
      status: a.status as AwardRec['status'],
      awardedAt: a.awardedAt,
      expiresAt: a.expiresAt,
      paymentInfoDueAt: a.paymentInfoDueAt,
      redeemedAt: null,
      expiryMailSentAt: null,
      notes: a.notes,
    };
  });
}

type RedemptionRec = {
  rider: RiderInfo;
  dealerId: number;
  dealerUserId: number | null;
  amountCents: number;
  currency: Currency;
  employeeName: string;
  createdAt: string;
  allocations: { award: AwardRec; amountCents: number }[];
  revoked?: { at: string; reason: string | null };
  id?: number;
};

type ClaimRec = {
  rider: RiderInfo;
  currency: Currency;
  grossCents: number;
  withheldCents: number;
  netCents: number;
  usPerson: boolean;
  dueDate: string;
  createdAt: string;
  sentAt: string;
  id?: number;
};

type LedgerRec = {
  rider: RiderInfo;
  balance: 'credit' | 'cash';
  kind: 'award' | 'redemption' | 'refund' | 'expiry' | 'payoutSent';
  amountCents: number;
  currency: Currency;
  award?: AwardRec;
  redemption?: RedemptionRec;
  claim?: ClaimRec;
  actorUserId: number | null;
  note: string | null;
  createdAt: string;
};

/** Does a rider enter a class of this kind at an event? (`roll` decides the optional classes.) */
function enters(entry: ClassEntry, r: RiderInfo, age: number, roll: number): boolean {
  const d = r.def;
  const model = d.bike?.model ?? '';
  const pro = d.level === 'pro';
  switch (entry) {
    case 'pro450':
      return pro && model.startsWith('450');
    case 'pro250':
      return pro && model.startsWith('250');
    case 'pro':
      return pro;
    case 'am450':
      return !pro && model.startsWith('450');
    case 'am250':
      return !pro && model.startsWith('250');
    case 'am':
    case 'amA':
      return !pro && !d.novice;
    case 'amB':
    case 'novice':
      return !pro && !!d.novice;
    case 'vet30':
      return !pro && age >= 30 && roll < 0.6;
    case 'vet40':
      return !pro && age >= 40 && roll < 0.7;
    case 'women':
      return !pro && d.sex === 'female' && roll < 0.7;
    case 'youth':
      return false;
  }
}

// ---------------------------------------------------------------- the seed

/**
 * Seeds an empty, migrated database with the demo season. `now` fixes "today" (tests); every
 * date is computed from it, so the same day always gives the same data.
 */
export async function seed(db: DB, now: Date = new Date()): Promise<void> {
  const today = todayString(now);
  const nowIso = now.toISOString();
  const year = Number(today.slice(0, 4));
  const daysAgo = (n: number) => addDays(today, -n);

  // -------------------------------------------------------------- reference data
  const pinHash = hashPin(SEED_RIDER_PIN);

  const ref = writeTx(db, (tx) => {
    const patternIds = new Map<string, number>();
    for (const p of SEED_VIN_PATTERNS) {
      const row = tx
        .insert(vinPatterns)
        .values({
          make: SEED_VIN_MAKE,
          model: p.model,
          year: p.year,
          pattern: p.pattern,
          verified: true,
          noCheckDigit: false,
          createdAt: at(daysAgo(900), '09:00'),
        })
        .returning({ id: vinPatterns.id })
        .get();
      patternIds.set(p.pattern, row.id);
    }

    const categoryIds = new Map<string, number>();
    for (const c of SEED_CATEGORIES) {
      const row = tx
        .insert(categories)
        .values({
          name: c.name,
          description: c.description,
          raceStyle: c.raceStyle,
          active: true,
          eligibleModels: c.eligibleModels,
          minYear: c.minYear,
          maxYear: c.maxYear,
          createdAt: at(daysAgo(880), '10:00'),
        })
        .returning({ id: categories.id })
        .get();
      categoryIds.set(c.key, row.id);
    }

    const dealerIds = new Map<string, number>();
    SEED_DEALERS.forEach((d, i) => {
      const row = tx
        .insert(dealers)
        .values({
          dealerNumber: d.dealerNumber,
          name: d.name,
          addressLine1: d.addressLine1,
          addressLine2: d.addressLine2 ?? null,
          city: d.city,
          state: d.state,
          zipcode: d.zipcode,
          country: d.country,
          bio: d.bio ?? null,
          phone: d.phone,
          websiteUrl: d.websiteUrl,
          email: d.email,
          lat: d.lat,
          lon: d.lon,
          active: d.active ?? true,
          createdAt: at(daysAgo(1000 - i * 7), '09:30'),
        })
        .returning({ id: dealers.id })
        .get();
      dealerIds.set(d.key, row.id);
    });

    const promoterIds = new Map<string, number>();
    SEED_PROMOTERS.forEach((p, i) => {
      const row = tx
        .insert(promoters)
        .values({
          name: p.name,
          phone: p.phone,
          email: p.email,
          createdAt: at(daysAgo(900 - i * 30), '11:00'),
        })
        .returning({ id: promoters.id })
        .get();
      promoterIds.set(p.key, row.id);
    });

    return { patternIds, categoryIds, dealerIds, promoterIds };
  });

  // -------------------------------------------------------------- accounts (argon2id, ~10 ms each)
  const admin = await createAccount(db, {
    role: 'admin',
    email: SEED_ADMIN.email,
    password: DEMO_PASSWORD,
    emailVerified: true,
    firstName: SEED_ADMIN.firstName,
    lastName: SEED_ADMIN.lastName,
  });
  const adminUserId = admin.user.id;
  db.update(admins).set({ phone: SEED_ADMIN.phone }).where(eq(admins.id, admin.profileId)).run();

  for (const p of SEED_PROMOTERS) {
    if (!p.login) continue;
    await createAccount(db, {
      role: 'promoter',
      email: p.login,
      password: DEMO_PASSWORD,
      emailVerified: true,
      promoterId: ref.promoterIds.get(p.key)!,
    });
  }

  const dealerUserIds = new Map<string, number>();
  for (const d of SEED_DEALERS) {
    if (!d.login) continue;
    const { user } = await createAccount(db, {
      role: 'dealer',
      email: d.login,
      password: DEMO_PASSWORD,
      emailVerified: true,
      dealerId: ref.dealerIds.get(d.key)!,
    });
    dealerUserIds.set(d.key, user.id);
  }

  const riderInfos = new Map<string, RiderInfo>();
  for (const r of SEED_RIDERS) {
    const dateOfBirth =
      typeof r.dateOfBirth === 'string'
        ? r.dateOfBirth
        : `${year - r.dateOfBirth.ageThisSeason}-${r.dateOfBirth.monthDay}`;
    const hometown = `${r.city}, ${r.state}`;
    const { user, profileId } = await createAccount(db, {
      role: 'rider',
      email: r.email,
      password: DEMO_PASSWORD,
      emailVerified: r.emailVerified ?? true,
      firstName: r.firstName,
      lastName: r.lastName,
      rider: {
        level: r.level,
        phone1: r.phone1,
        amaNumber: r.amaNumber,
        addressLine1: r.addressLine1,
        city: r.city,
        state: r.state,
        zipcode: r.zipcode,
        country: r.country,
        hometown,
        bio: r.bio ?? null,
        dateOfBirth,
        sex: r.sex,
        raceStyle: r.raceStyle,
        pinHash,
        socialMedia: r.socialMedia ?? {},
        usPerson: isUsPerson(r),
      },
    });
    riderInfos.set(r.key, {
      def: r,
      id: profileId,
      userId: user.id,
      bikeId: 0,
      dateOfBirth,
      name: `${r.firstName} ${r.lastName}`,
      hometown,
      hasConsent: !!r.guardian,
    });
  }
  const rider = (key: string): RiderInfo => {
    const r = riderInfos.get(key);
    if (!r) throw new Error(`Unknown seed rider ${key}`);
    return r;
  };

  // -------------------------------------------------------------- pro documents (files first)
  // Pros who get paid have a driver's licence and, for US persons, a W-9 on file; the demo pro
  // has not sent his W-9 yet. Files go where the documents service keeps them
  // (UPLOAD_DIR/documents/<32 hex>.png), named from the rider so a re-seed overwrites them.
  type DocRec = {
    rider: RiderInfo;
    kind: 'driversLicence' | 'w9';
    originalName: string;
    storedName: string;
    sizeBytes: number;
  };
  const docRecs: DocRec[] = [];
  const docDir = path.join(env().UPLOAD_DIR, 'documents');
  for (const r of riderInfos.values()) {
    if (r.def.level !== 'pro' || r.def.deactivated) continue;
    const kinds: DocRec['kind'][] = ['driversLicence'];
    if (isUsPerson(r.def) && r.def.key !== 'demoPro') kinds.push('w9');
    for (const kind of kinds) {
      const bytes = documentPng(kind === 'w9' ? [40, 40, 40] : [255, 102, 0]);
      const storedName = `${createHash('sha256').update(`seed:${r.def.key}:${kind}`).digest('hex').slice(0, 32)}.png`;
      fs.mkdirSync(docDir, { recursive: true });
      fs.writeFileSync(path.join(docDir, storedName), bytes, { mode: 0o600 });
      const slug = `${r.def.firstName}-${r.def.lastName}`.toLowerCase().replace(/[^a-z]+/g, '-');
      docRecs.push({
        rider: r,
        kind,
        originalName: kind === 'w9' ? `w9-${slug}.png` : `drivers-licence-${slug}.png`,
        storedName,
        sizeBytes: bytes.length,
      });
    }
  }

  // -------------------------------------------------------------- the season, in memory
  const seriesByKey = new Map(SEED_SERIES.map((s) => [s.key, s]));
  const registeredNames = new Set([...riderInfos.values()].map((r) => r.name.toLowerCase()));
  const registeredAma = new Set([...riderInfos.values()].map((r) => r.def.amaNumber));

  const fillerAma = (name: string): string => {
    let n = hash(`ama:${name}`) % 100000;
    for (;;) {
      const ama = `8${String(n).padStart(5, '0')}`;
      if (!registeredAma.has(ama)) return ama;
      n = (n + 1) % 100000;
    }
  };

  const eventRecs: EventRec[] = SEED_EVENTS.map((def) => {
    const s = seriesByKey.get(def.series)!;
    const date =
      'monthDay' in def.when
        ? `${year}-${def.when.monthDay}`
        : addDays(today, def.when.daysFromToday);
    const hasClasses = def.classes !== false;
    const hasResults = hasClasses && !def.cancelled && def.results !== 'none' && date <= daysAgo(5);
    return {
      def,
      date,
      currency: s.currency,
      categoryKey: def.noCategory ? null : s.category,
      classes: hasClasses
        ? CLASS_TEMPLATES[s.classes].map((c, i) => ({
            def: c,
            sortOrder: i + 1,
            results: [] as ResultRec[],
          }))
        : [],
      hasResults,
      uploadedAt: hasResults ? at(addDays(date, 2), '19:15') : null,
      verifiedAt: hasResults ? at(addDays(date, 4), '10:30') : null,
    };
  });

  // Results: pool riders who came, riders placed by hand, and entrants without an account.
  for (const ev of eventRecs) {
    if (!ev.hasResults) continue;
    const s = seriesByKey.get(ev.def.series)!;
    const rng = rngFor(ev.def.key);
    const forced = ev.def.forced ?? [];
    const forcedRiders = new Set(forced.map((f) => f.rider));
    const attending = [...riderInfos.values()].filter(
      (r) =>
        r.def.pools.includes(ev.def.series as PoolKey) &&
        !r.def.deactivated &&
        !forcedRiders.has(r.def.key) &&
        rng() < 0.8,
    );
    const usedNames = new Set<string>();
    const filler = (cls: SeedClass): ResultRec => {
      let name = '';
      do {
        name = `${pick(rng, FILLER_FIRST_NAMES)} ${pick(rng, FILLER_LAST_NAMES)}`;
      } while (usedNames.has(name) || registeredNames.has(name.toLowerCase()));
      usedNames.add(name);
      const all = FILLER_BIKES[s.classes];
      const pool =
        cls.entry === 'youth'
          ? FILLER_YOUTH_BIKES[s.classes]
          : s.classes === 'mx'
            ? all.filter(([, m]) => m.includes('250') === cls.name.includes('250'))
            : all;
      const [make, model] = pick(rng, pool);
      return {
        place: null,
        resultType: 'finish',
        riderName: name,
        amaNumber: fillerAma(name),
        make,
        model,
        hometown: pick(rng, FILLER_HOMETOWNS[ev.def.series as PoolKey]),
        bonusCents: 0,
        bonusNote: null,
      };
    };
    const linked = (r: RiderInfo): ResultRec => ({
      place: null,
      resultType: 'finish',
      riderName: r.name,
      amaNumber: r.def.amaNumber,
      make: SEED_VIN_MAKE,
      model: r.def.bike?.model ?? '',
      hometown: r.hometown,
      rider: r,
      bonusCents: 0,
      bonusNote: null,
    });

    for (const cls of ev.classes) {
      const forcedHere = forced.filter((f) => f.className === cls.def.name);
      const entrants = attending
        .filter((r) => enters(cls.def.entry, r, ageOn(r.dateOfBirth, ev.date) ?? 0, rng()))
        .map(linked);
      const small =
        cls.def.entry === 'women' || cls.def.entry === 'novice' || cls.def.entry === 'amB';
      let size = (small ? 5 : 7) + Math.floor(rng() * 4);
      if (forcedHere.length) size = Math.max(size, 7);
      size = Math.max(size, entrants.length + forcedHere.length);
      while (entrants.length + forcedHere.length < size) entrants.push(filler(cls.def));
      const order: (ResultRec | undefined)[] = new Array(size).fill(undefined);
      for (const f of forcedHere) order[f.place - 1] = linked(rider(f.rider));
      // Registered riders are the program's regulars: they tend to finish near the front.
      const rest = entrants
        .map((e) => ({ e, score: rng() - (e.rider ? 0.3 : 0) }))
        .sort((a, b) => a.score - b.score)
        .map((x) => x.e);
      for (let i = 0; i < size; i++) if (!order[i]) order[i] = rest.shift();
      const list = order as ResultRec[];
      list.forEach((r, i) => (r.place = i + 1));
      const last = list[list.length - 1];
      if (rng() < 0.35 && !forcedHere.some((f) => f.place === list.length)) {
        last.resultType = 'DNF';
        last.place = null;
      }
      if (rng() < 0.25) {
        const dns = filler(cls.def);
        dns.resultType = 'DNS';
        list.push(dns);
      }
      cls.results = list;
    }

    if (ev.def.bonus) {
      const b = ev.def.bonus;
      const cls = ev.classes.find((c) => c.def.name === b.className);
      const res = cls?.results.find((r) => r.rider?.def.key === b.rider);
      if (!res) throw new Error(`Seed bonus: ${b.rider} has no result in ${b.className}`);
      res.bonusCents = b.amount * 100;
      res.bonusNote = b.note;
    }
  }

  // The money story (redemptions, refunds, expiry, payout batches) over the awards the engine
  // computed from the results; it runs inside the write, once the engine has run.
  const planMoney = (awardRecs: AwardRec[]) => {
    const ledger: LedgerRec[] = [];

    // Redemptions and refunds, in the order they happened: soonest expiry first, never overdrawn.
    const dealerCurrency = (key: string): Currency =>
      SEED_DEALERS.find((d) => d.key === key)?.country === 'CA' ? 'CAD' : 'USD';
    type Op = { at: string; run: () => void };
    const ops: Op[] = [];
    const redemptionRecs: RedemptionRec[] = [];
    SEED_REDEMPTIONS.forEach((plan, i) => {
      const r = rider(plan.rider);
      const day = daysAgo(plan.daysAgo);
      const createdAt = at(
        day,
        `${String(10 + (i % 7)).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`,
      );
      const currency = dealerCurrency(plan.dealer);
      const rec: RedemptionRec = {
        rider: r,
        dealerId: ref.dealerIds.get(plan.dealer)!,
        dealerUserId: dealerUserIds.get(plan.dealer) ?? null,
        amountCents: 0,
        currency,
        employeeName: plan.employee,
        createdAt,
        allocations: [],
      };
      ops.push({
        at: createdAt,
        run: () => {
          const open = awardRecs
            .filter(
              (a) =>
                a.rider === r &&
                a.payoutType === 'dealerCredit' &&
                a.currency === currency &&
                a.currentCents > 0 &&
                a.awardedAt <= createdAt &&
                a.expiresAt! > createdAt,
            )
            .sort(
              (a, b) =>
                a.expiresAt!.localeCompare(b.expiresAt!) || a.awardedAt.localeCompare(b.awardedAt),
            );
          const available = open.reduce((s, a) => s + a.currentCents, 0);
          const amount =
            plan.amount !== undefined
              ? plan.amount * 100
              : plan.share === 1
                ? available
                : Math.floor((available * (plan.share ?? 0)) / 100) * 100;
          if (plan.amount !== undefined && amount > available)
            throw new Error(
              `Seed redemption for ${plan.rider}: ${amount} > ${available} available`,
            );
          if (amount <= 0) return; // nothing to spend that day
          let left = amount;
          for (const a of open) {
            if (left === 0) break;
            const take = Math.min(left, a.currentCents);
            a.currentCents -= take;
            a.spentCents += take;
            if (a.currentCents === 0) {
              a.status = 'spent';
              a.redeemedAt = createdAt;
            }
            left -= take;
            rec.allocations.push({ award: a, amountCents: take });
            ledger.push({
              rider: r,
              balance: 'credit',
              kind: 'redemption',
              amountCents: -take,
              currency,
              award: a,
              redemption: rec,
              actorUserId: rec.dealerUserId,
              note: null,
              createdAt,
            });
          }
          rec.amountCents = amount;
          redemptionRecs.push(rec);
        },
      });
      if (plan.revokedAfterDays !== undefined) {
        const revokedAt = at(addDays(day, plan.revokedAfterDays), '09:40');
        ops.push({
          at: revokedAt,
          run: () => {
            if (!rec.amountCents) return;
            rec.revoked = { at: revokedAt, reason: plan.revokeReason ?? null };
            for (const al of rec.allocations) {
              al.award.currentCents += al.amountCents;
              al.award.spentCents -= al.amountCents;
              al.award.status = 'current';
              al.award.redeemedAt = null;
              ledger.push({
                rider: r,
                balance: 'credit',
                kind: 'refund',
                amountCents: al.amountCents,
                currency,
                award: al.award,
                redemption: rec,
                actorUserId: adminUserId,
                note: plan.revokeReason ?? null,
                createdAt: revokedAt,
              });
            }
          },
        });
      }
    });
    ops.sort((a, b) => a.at.localeCompare(b.at)).forEach((op) => op.run());
    redemptionRecs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

    // Credit past its expiry: what is left expires (the daily job's work), after a reminder mail.
    for (const a of awardRecs) {
      if (a.payoutType !== 'dealerCredit' || a.expiresAt! > nowIso) continue;
      const mail = plusMinutes(a.expiresAt!, -30 * 24 * 60);
      if (a.currentCents > 0) {
        a.expiryMailSentAt = mail > a.awardedAt ? mail : null;
        ledger.push({
          rider: a.rider,
          balance: 'credit',
          kind: 'expiry',
          amountCents: -a.currentCents,
          currency: a.currency,
          award: a,
          actorUserId: null,
          note: null,
          createdAt:
            plusMinutes(a.expiresAt!, 181) < nowIso ? plusMinutes(a.expiresAt!, 181) : nowIso,
        });
        a.currentCents = 0;
        a.status = 'expired';
      }
    }

    // Cash: pros are paid in batches after results are verified; the demo pro (no W-9 on file
    // yet) and the most recent rounds are still waiting (earned, payment information due).
    const claimRecs: ClaimRec[] = [];
    const claimByKey = new Map<string, ClaimRec>();
    for (const a of awardRecs) {
      if (a.payoutType !== 'cash' || a.rider.def.key === 'demoPro') continue;
      const verifiedDay = toDateString(a.event.verifiedAt)!;
      if (addDays(verifiedDay, 20) >= today) continue;
      const key = `${a.rider.id}:${a.event.def.key}:${a.currency}`;
      let claim = claimByKey.get(key);
      if (!claim) {
        claim = {
          rider: a.rider,
          currency: a.currency,
          grossCents: 0,
          withheldCents: 0,
          netCents: 0,
          usPerson: isUsPerson(a.rider.def),
          dueDate: addDays(verifiedDay, CASH_PAID_DAYS),
          createdAt: at(addDays(verifiedDay, 7), '10:00'),
          sentAt: at(addDays(verifiedDay, 17), '15:00'),
        };
        claimByKey.set(key, claim);
        claimRecs.push(claim);
      }
      claim.grossCents += a.initialCents;
      a.claim = claim;
      a.status = 'sent';
      a.currentCents = 0;
      ledger.push({
        rider: a.rider,
        balance: 'cash',
        kind: 'payoutSent',
        amountCents: -a.initialCents,
        currency: a.currency,
        award: a,
        claim,
        actorUserId: adminUserId,
        note: null,
        createdAt: claim.sentAt,
      });
    }
    for (const c of claimRecs) {
      const w = withholding(c.grossCents, c.usPerson);
      c.withheldCents = w.withheldCents;
      c.netCents = w.netCents;
    }
    claimRecs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { ledger, redemptionRecs, claimRecs };
  };

  // -------------------------------------------------------------- write it all, in one transaction
  writeTx(db, (tx) => {
    // Accounts: registration dates, language, deactivation; bikes, consents, favourites.
    for (const r of riderInfos.values()) {
      const registered = at(daysAgo(r.def.registeredDaysAgo), '20:10');
      tx.update(users)
        .set({
          createdAt: registered,
          updatedAt: registered,
          lang: r.def.lang ?? 'en',
          deactivated: !!r.def.deactivated,
        })
        .where(eq(users.id, r.userId))
        .run();
      tx.update(riders).set({ createdAt: registered }).where(eq(riders.id, r.id)).run();

      const bikeValues = r.def.invalidBike
        ? {
            vin: r.def.invalidBike.vin,
            year: r.def.invalidBike.year,
            make: r.def.invalidBike.make,
            model: r.def.invalidBike.model,
            valid: false,
            invalidReason: 'vin:invalid.noPattern',
            vinPatternId: null,
          }
        : (() => {
            const b = r.def.bike!;
            const vin = vinFor(b.model, b.year, 100000 + (hash(r.def.key) % 800000));
            const pattern = SEED_VIN_PATTERNS.find((p) => matchVinPattern(vin, p.pattern))!;
            return {
              vin,
              year: b.year,
              make: SEED_VIN_MAKE,
              model: b.model,
              valid: true,
              invalidReason: null,
              vinPatternId: ref.patternIds.get(pattern.pattern)!,
            };
          })();
      r.bikeId = tx
        .insert(bikes)
        .values({ ...bikeValues, riderId: r.id, createdAt: plusMinutes(registered, 6) })
        .returning({ id: bikes.id })
        .get().id;

      if (r.def.guardian) {
        tx.insert(guardianConsents)
          .values({
            riderId: r.id,
            guardianName: r.def.guardian.name,
            guardianEmail: r.def.guardian.email,
            consentedAt: plusMinutes(registered, 45),
          })
          .run();
      }
    }

    for (const d of docRecs) {
      tx.insert(riderDocuments)
        .values({
          riderId: d.rider.id,
          kind: d.kind,
          originalName: d.originalName,
          storedName: d.storedName,
          mimeType: 'image/png',
          sizeBytes: d.sizeBytes,
          uploadedByUserId: d.rider.userId,
          createdAt: at(daysAgo(d.rider.def.registeredDaysAgo - 2), '18:40'),
        })
        .run();
    }

    const favourites: [string, string[]][] = [
      ['demoRider', ['orangeLine', 'inlandEmpire', 'bayPark']],
      ['demoPro', ['inlandEmpire']],
      ['jake', ['valleyFresno']],
      ['sam', ['highDesert']],
      ['ana', ['treasureValley']],
      ['marc', ['sherbrooke', 'motoCapitale']],
      ['luis', ['valleyFresno']],
      ['kim', ['willamette', 'orangeLine']],
      ['derek', ['kernCounty', 'orangeLine']],
      ['hannah', ['orangeLine']],
      ['travis', ['buckeye']],
      ['emily', ['keystone', 'buckeye']],
      ['sophie', ['sherbrooke']],
      ['nico', ['capitalCity']],
    ];
    for (const [riderKey, dealerKeys] of favourites) {
      for (const d of dealerKeys) {
        tx.insert(riderFavouriteDealers)
          .values({ riderId: rider(riderKey).id, dealerId: ref.dealerIds.get(d)! })
          .run();
      }
    }

    // Series and events.
    const seriesIds = new Map<string, number>();
    for (const s of SEED_SERIES) {
      const evs = eventRecs
        .filter((e) => e.def.series === s.key)
        .map((e) => e.date)
        .sort();
      const first = evs[0] ?? null;
      const last = evs[evs.length - 1] ?? null;
      const nameYear = s.key === 'lastSeason' && first ? Number(first.slice(0, 4)) : year;
      const row = tx
        .insert(series)
        .values({
          name: s.name(nameYear),
          description: s.description,
          categoryId: ref.categoryIds.get(s.category)!,
          promoterId: ref.promoterIds.get(s.promoter)!,
          raceStyle: s.raceStyle,
          city: s.city,
          state: s.state,
          zipcode: s.zipcode,
          country: s.country,
          firstDate: first,
          lastDate: last,
          createdAt: at(addDays(first ?? today, -75), '14:00'),
        })
        .returning({ id: series.id })
        .get();
      seriesIds.set(s.key, row.id);
    }

    for (const ev of eventRecs) {
      const s = seriesByKey.get(ev.def.series)!;
      const d = ev.def;
      ev.id = tx
        .insert(events)
        .values({
          seriesId: seriesIds.get(d.series)!,
          promoterId: ref.promoterIds.get(s.promoter)!,
          categoryId: ev.categoryKey ? ref.categoryIds.get(ev.categoryKey)! : null,
          title: d.title,
          venue: d.venue,
          venueWebsite: d.venueWebsite ?? null,
          city: d.city,
          state: d.state,
          zipcode: d.zipcode,
          country: s.country,
          lat: d.lat,
          lon: d.lon,
          date: ev.date,
          startTime: d.startTime ?? null,
          eventType: s.raceStyle,
          currency: ev.currency,
          cancelled: !!d.cancelled,
          notes: d.notes ?? null,
          bonuses: d.bonuses ?? null,
          resultsUploadedAt: ev.uploadedAt,
          resultsVerifiedAt: ev.verifiedAt,
          createdAt: at(addDays(ev.date, -60), '13:00'),
        })
        .returning({ id: events.id })
        .get().id;

      for (const cls of ev.classes) {
        cls.id = tx
          .insert(eventClasses)
          .values({
            eventId: ev.id,
            name: cls.def.name,
            payoutType: cls.def.payoutType,
            currency: ev.currency,
            sortOrder: cls.sortOrder,
          })
          .returning({ id: eventClasses.id })
          .get().id;
        if (cls.def.payoutType !== 'noPayout' && cls.def.amounts.length) {
          tx.insert(classPlaces)
            .values(
              cls.def.amounts.map((amount, i) => ({
                classId: cls.id!,
                place: i + 1,
                amountCents: amount * 100,
              })),
            )
            .run();
        }
        if (!cls.results.length) continue;
        const ids = tx
          .insert(results)
          .values(
            cls.results.map((r) => ({
              eventId: ev.id!,
              classId: cls.id!,
              place: r.place,
              resultType: r.resultType,
              riderName: r.riderName,
              amaNumber: r.amaNumber,
              email: null,
              make: r.make,
              model: r.model,
              hometown: r.hometown,
              riderId: r.rider?.id ?? null,
              bonusCents: r.bonusCents,
              bonusNote: r.bonusNote,
              createdAt: ev.uploadedAt!,
            })),
          )
          .returning({ id: results.id })
          .all();
        cls.results.forEach((r, i) => (r.id = ids[i].id));
      }
    }

    // Awards: the award engine computes them from the results (payouts, reasons, bikes, award
    // ledger rows), each event as if its results had been verified on the day they were.
    const seedActor = { userId: adminUserId, proxyHostUserId: null };
    const paid = eventRecs
      .filter((e) => e.hasResults)
      .sort((a, b) => a.verifiedAt!.localeCompare(b.verifiedAt!));
    for (const ev of paid) recomputeInTx(tx, ev.id!, seedActor, new Date(ev.verifiedAt!));
    const awardRecs = awardRecsFrom(
      tx.select().from(awards).orderBy(awards.id).all(),
      eventRecs,
      riderInfos,
    );
    const { ledger, redemptionRecs, claimRecs } = planMoney(awardRecs);

    // Money: claims, the awards' story, redemptions, then the ledger in the order things happened.
    for (const c of claimRecs) {
      c.id = tx
        .insert(payoutClaims)
        .values({
          riderId: c.rider.id,
          type: c.rider.def.country === 'US' ? 'debitCard' : 'cheque',
          status: 'sent',
          country: c.rider.def.country,
          currency: c.currency,
          grossCents: c.grossCents,
          withheldCents: c.withheldCents,
          netCents: c.netCents,
          usPerson: c.usPerson,
          dueDate: c.dueDate,
          createdByUserId: adminUserId,
          sentAt: c.sentAt,
          sentByUserId: adminUserId,
          createdAt: c.createdAt,
        })
        .returning({ id: payoutClaims.id })
        .get().id;
    }

    for (const a of awardRecs) {
      tx.update(awards)
        .set({
          currentCents: a.currentCents,
          spentCents: a.spentCents,
          status: a.status,
          redeemedAt: a.redeemedAt,
          expiryMailSentAt: a.expiryMailSentAt,
          payoutClaimId: a.claim?.id ?? null,
        })
        .where(eq(awards.id, a.id!))
        .run();
    }

    const secondTry = redemptionRecs.filter((x) => x.rider.def.key === 'demoRider')[1];
    for (const r of redemptionRecs) {
      r.id = tx
        .insert(creditRedemptions)
        .values({
          riderId: r.rider.id,
          dealerId: r.dealerId,
          amountCents: r.amountCents,
          currency: r.currency,
          employeeName: r.employeeName,
          idVerified: true,
          status: r.revoked ? 'revoked' : 'active',
          createdByUserId: r.dealerUserId,
          proxyHostUserId: null,
          createdAt: r.createdAt,
        })
        .returning({ id: creditRedemptions.id })
        .get().id;
      // The counter logs every PIN entry; one rider needed a second try once.
      const attempts = r === secondTry ? [false, true] : [true];
      attempts.forEach((success, k) => {
        tx.insert(pinAttempts)
          .values({
            riderId: r.rider.id,
            dealerId: r.dealerId,
            userId: r.dealerUserId,
            success,
            createdAt: plusMinutes(r.createdAt, k - attempts.length),
          })
          .run();
      });
      tx.insert(redemptionAllocations)
        .values(
          r.allocations.map((al) => ({
            redemptionId: r.id!,
            awardId: al.award.id!,
            amountCents: al.amountCents,
          })),
        )
        .run();
      if (r.revoked) {
        tx.insert(revokedRedemptions)
          .values({
            redemptionId: r.id,
            refundedByUserId: adminUserId,
            refundedAt: r.revoked.at,
            reason: r.revoked.reason,
          })
          .run();
      }
    }

    const ordered = ledger
      .map((l, i) => ({ l, i }))
      .sort((a, b) => a.l.createdAt.localeCompare(b.l.createdAt) || a.i - b.i)
      .map((x) => x.l);
    for (let i = 0; i < ordered.length; i += 200) {
      tx.insert(ledgerEntries)
        .values(
          ordered.slice(i, i + 200).map((l) => ({
            riderId: l.rider.id,
            balance: l.balance,
            kind: l.kind,
            amountCents: l.amountCents,
            currency: l.currency,
            awardId: l.award?.id ?? null,
            redemptionId: l.redemption?.id ?? null,
            payoutClaimId: l.claim?.id ?? null,
            actorUserId: l.actorUserId,
            proxyHostUserId: null,
            note: l.note,
            createdAt: l.createdAt,
          })),
        )
        .run();
    }

    for (const m of SEED_CONTACT_MESSAGES) {
      tx.insert(contactMessages)
        .values({
          kind: m.kind,
          name: m.name,
          email: m.email,
          phone: m.phone ?? null,
          subject: m.subject ?? null,
          message: m.message,
          handled: m.handled,
          createdAt: at(daysAgo(m.daysAgo), '08:25'),
        })
        .run();
    }
  });
}
