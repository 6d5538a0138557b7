/**
 * `npm run limits:set` (the way to raise a limit with a single admin): it requires a reason,
 * never passes the configured ceiling, and audits and logs the change with the reason.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-limits-set-'));
const dbPath = path.join(dir, 'app.db');

function limitsSet(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/limits-set.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_PATH: dbPath,
      SEED_DEMO: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function read<T>(sql: string): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('limits:set', () => {
  it('the rule: no reason or above the ceiling changes nothing; with a reason it is set, audited and logged', () => {
    const noReason = limitsSet('--bonus-per-year', '300000');
    expect(noReason.status).toBe(1);
    expect(noReason.stderr).toContain('--reason');

    const above = limitsSet('--reason', 'Bigger purses', '--bonus-per-event', '99999999');
    expect(above.status).toBe(1);
    expect(above.stderr).toContain('MONEY_LIMIT_CEILING_CENTS');
    expect(read('SELECT * FROM money_limits')).toEqual([]);

    const ok = limitsSet('--reason', 'Bigger purses in 2027', '--bonus-per-year', '300000');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('--bonus-per-year: 100000.00 -> 300000.00');
    expect(ok.stdout).toMatch(/"reason":"Bigger purses in 2027"/);
    expect(read<{ y: number }>('SELECT bonus_per_year_cents AS y FROM money_limits')).toEqual([
      { y: 300_000_00 },
    ]);
    const [row] = read<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'money.limits.set'",
    );
    expect(JSON.parse(row.details)).toMatchObject({
      reason: 'Bigger purses in 2027',
      via: 'limits:set',
      after: { bonusPerYearCents: 300_000_00 },
    });
  }, 120_000);
});
