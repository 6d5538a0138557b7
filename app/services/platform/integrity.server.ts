/**
 * Whole-database checks run on a live database, on a backup before it is kept and on a backup
 * before it is restored: SQLite's own `PRAGMA integrity_check` and `foreign_key_check`, and the
 * money invariant (docs/rules.md "Money"): for every rider, brand, balance and currency,
 * sum(ledger) == sum(awards.current_cents), and no balance below zero; every money row of its
 * award's, redemption's or claim's brand (integrity-brands.server.ts).
 * Plain SQL over a better-sqlite3 handle, so it runs on any file without the app's connection.
 */
import Database from 'better-sqlite3';
import { brandProblems, hasBrands } from './integrity-brands.server';

export type IntegrityReport = {
  ok: boolean;
  /** Human-readable problems (empty when ok). */
  problems: string[];
  /** Ledger rows and awards looked at (so a check over an empty file is visible). */
  ledgerRows: number;
  awards: number;
};

type Mismatch = {
  rider_id: number;
  brand_id: number;
  balance: string;
  currency: string;
  ledger: number;
  held: number;
};

/**
 * The ledger = balances check alone: one problem per rider/balance/currency that disagrees.
 * Compared in SQL (both sides summed in one grouping, only the disagreements returned): at five program
 * years the two grouped sides are ~100k rows each, which read into JavaScript cost the checking
 * thread ~30 MB for nothing (server memory).
 */
export function ledgerProblems(sqlite: Database.Database): string[] {
  // Per brand too (decision 048); a backup from before brands holds one, brand 1.
  const brand = hasBrands(sqlite) ? 'brand_id' : '1';
  const rows = sqlite
    .prepare(
      `SELECT rider_id, brand_id, balance, currency, sum(l) AS ledger, sum(a) AS held
         FROM (SELECT rider_id, ${brand} AS brand_id, balance, currency, amount_cents AS l, 0 AS a
                 FROM ledger_entries
               UNION ALL
               SELECT rider_id, ${brand}, CASE payout_type WHEN 'cash' THEN 'cash' ELSE 'credit' END,
                      currency, 0, current_cents FROM awards)
        GROUP BY rider_id, brand_id, balance, currency
       HAVING sum(l) <> sum(a) OR sum(l) < 0`,
    )
    .all() as Mismatch[];
  const problems: string[] = [];
  for (const r of rows) {
    // Brand 1 is not named: an install of one brand reads as before.
    const b = r.brand_id === 1 ? '' : ` brand ${r.brand_id}`;
    const k = `rider ${r.rider_id}${b} ${r.balance} ${r.currency}`;
    const l = Number(r.ledger);
    const a = Number(r.held);
    if (l !== a) problems.push(`${k}: ledger ${l} != awards ${a}`);
    if (l < 0) problems.push(`${k}: negative balance ${l}`);
  }
  return problems;
}

/** The totals kept by triggers (monthly redemptions, class places) against what they sum. */
export function totalsProblems(sqlite: Database.Database): string[] {
  const has = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type='table' AND name='redemption_month_totals'`)
    .get();
  if (!has) return [];
  const rows = sqlite
    .prepare(
      `SELECT coalesce(r.month, t.month) AS month, coalesce(r.currency, t.currency) AS currency,
              coalesce(r.cents, 0) AS want, coalesce(t.cents, 0) AS have
       FROM (SELECT substr(created_at, 1, 7) AS month, currency, sum(amount_cents) AS cents
             FROM credit_redemptions WHERE status = 'active' GROUP BY 1, 2) r
       FULL OUTER JOIN redemption_month_totals t ON t.month = r.month AND t.currency = r.currency
       WHERE coalesce(r.cents, 0) <> coalesce(t.cents, 0)`,
    )
    .all() as { month: string; currency: string; want: number; have: number }[];
  return [
    ...rows
      .slice(0, 20)
      .map(
        (r) =>
          `redemption_month_totals ${r.month} ${r.currency}: ${r.have} != redemptions ${r.want}`,
      ),
    ...classTotalsProblems(sqlite),
  ];
}

/** The per-class place totals (kept by triggers, migration 0010) against the places themselves. */
function classTotalsProblems(sqlite: Database.Database): string[] {
  const has = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type='table' AND name='class_place_totals'`)
    .get();
  if (!has) return [];
  const rows = sqlite
    .prepare(
      `SELECT coalesce(p.class_id, t.class_id) AS classId, coalesce(p.cents, 0) AS want, coalesce(t.cents, 0) AS have
       FROM (SELECT class_id, sum(amount_cents) AS cents FROM class_places GROUP BY class_id) p
       FULL OUTER JOIN class_place_totals t ON t.class_id = p.class_id
       WHERE coalesce(p.cents, 0) <> coalesce(t.cents, 0)`,
    )
    .all() as { classId: number; want: number; have: number }[];
  return rows
    .slice(0, 20)
    .map((r) => `class_place_totals class ${r.classId}: ${r.have} != places ${r.want}`);
}

/** Every check; `ok` only when SQLite, the ledger and the report totals all agree. */
export function checkDatabase(sqlite: Database.Database): IntegrityReport {
  const problems: string[] = [];
  const integrity = sqlite.pragma('integrity_check') as { integrity_check: string }[];
  const bad = integrity.map((r) => r.integrity_check).filter((m) => m !== 'ok');
  problems.push(...bad.map((m) => `integrity_check: ${m}`));
  if (bad.length === 0) {
    const fk = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
    problems.push(...fk.slice(0, 20).map((r) => `foreign_key_check: ${r.table} -> ${r.parent}`));
  }
  const hasLedger = sqlite
    .prepare(
      `SELECT 1 FROM sqlite_master WHERE type='table' AND name IN ('ledger_entries','awards')`,
    )
    .all().length;
  let ledgerRows = 0;
  let awardCount = 0;
  if (hasLedger < 2) problems.push('not a contingency cash database (no ledger_entries/awards)');
  else if (bad.length === 0) {
    problems.push(...ledgerProblems(sqlite), ...brandProblems(sqlite), ...totalsProblems(sqlite));
    ledgerRows = (sqlite.prepare('SELECT count(*) AS n FROM ledger_entries').get() as { n: number })
      .n;
    awardCount = (sqlite.prepare('SELECT count(*) AS n FROM awards').get() as { n: number }).n;
  }
  return { ok: problems.length === 0, problems, ledgerRows, awards: awardCount };
}

/** Checks a database file opened read-only. */
export function checkFile(file: string): IntegrityReport {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  // A 2 MB page cache instead of better-sqlite3's 16 MB: the checks read every page once, so a
  // bigger cache buys ~10% of their time for ~14 MB more server memory while a backup is verified.
  sqlite.pragma('cache_size = -2000');
  try {
    return checkDatabase(sqlite);
  } finally {
    sqlite.close();
  }
}
