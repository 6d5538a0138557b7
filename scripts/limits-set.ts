/**
 * npm run limits:set -- --reason "R" [--promoter-bonus-per-result 1500.00] [--admin-bonus-per-result A]
 *   [--bonus-per-event A] [--bonus-per-year A] [--refund-above A]
 * Sets money limits from the server's command line, with no second admin: the way to raise one
 * on an install with a single admin (the page then only lowers). Whoever runs it has the server,
 * so the configured ceilings still hold, the reason is required, and the change is audited and
 * logged with it. Amounts in dollars; limits not named keep their value. Uses DATABASE_PATH.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { parseMoneyToCents } from '~/lib/format';
import {
  AboveCeilingError,
  ceilingOf,
  currentMoneyLimits,
  MONEY_LIMIT_KEYS,
  setMoneyLimits,
  type MoneyLimitKey,
  type MoneyLimits,
} from '~/services/money/ledger/money-limits.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { logger } from '~/services/platform/log.server';
import { openMigratedDb, runScript } from './cli';

const OPTION: Record<MoneyLimitKey, string> = {
  promoterBonusPerResultCents: 'promoter-bonus-per-result',
  adminBonusPerResultCents: 'admin-bonus-per-result',
  bonusPerEventCents: 'bonus-per-event',
  bonusPerYearCents: 'bonus-per-year',
  refundAboveCents: 'refund-above',
  promoterPlaceCents: 'promoter-place',
};

const { values } = parseArgs({
  options: {
    reason: { type: 'string' },
    ...Object.fromEntries(MONEY_LIMIT_KEYS.map((k) => [OPTION[k], { type: 'string' as const }])),
  },
});

const problems: string[] = [];
const reason = String(values.reason ?? '').trim();
if (reason.length < 5) problems.push('--reason: say why (at least 5 characters); it is audited');
const limits: Partial<MoneyLimits> = {};
for (const k of MONEY_LIMIT_KEYS) {
  const raw = values[OPTION[k] as keyof typeof values];
  if (raw === undefined) continue;
  const cents = parseMoneyToCents(String(raw));
  if (cents === null) problems.push(`--${OPTION[k]}: not an amount (e.g. 1500.00)`);
  else limits[k] = cents;
}
if (Object.keys(limits).length === 0 && problems.length === 0)
  problems.push(
    `name at least one limit: ${MONEY_LIMIT_KEYS.map((k) => `--${OPTION[k]}`).join(', ')}`,
  );
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

await runScript('limits:set', async () => {
  const db = await openMigratedDb();
  try {
    const before = currentMoneyLimits(db);
    const operator = os.userInfo().username;
    const after = setMoneyLimits(db, limits, SYSTEM_ACTOR, new Date(), {
      reason,
      via: 'limits:set',
      operator,
    });
    const changed = MONEY_LIMIT_KEYS.filter((k) => before[k] !== after[k]);
    logger().warn(
      { event: 'money.limits.set', via: 'limits:set', operator, reason, before, after },
      'money limits set from the command line',
    );
    for (const k of changed)
      console.log(`--${OPTION[k]}: ${dollars(before[k])} -> ${dollars(after[k])}`);
    if (changed.length === 0) console.log('No limit changed (the values were already in force).');
    console.log(`Reason (audited): ${reason}`);
  } catch (error) {
    if (!(error instanceof AboveCeilingError)) throw error;
    for (const k of error.keys) {
      const variable =
        k === 'bonusPerYearCents' ? 'MONEY_YEAR_LIMIT_CEILING_CENTS' : 'MONEY_LIMIT_CEILING_CENTS';
      console.error(
        `--${OPTION[k]}: above the ceiling ${dollars(ceilingOf(k))} (${variable}); nothing was changed`,
      );
    }
    process.exitCode = 1;
  } finally {
    db.$client.close();
  }
});
