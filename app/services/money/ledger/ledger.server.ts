/**
 * The append-only money ledger (docs/rules.md "Money"). Every change of a balance is one row written
 * in the same transaction as the change; a rider's balances can always be recomputed from it.
 * Call `recordLedger` only inside `writeTx`.
 */
import { sql } from 'drizzle-orm';
import { prepared, type Tx } from '~/db.server';
import { ledgerEntries, sqlNow, type LedgerEntry } from '#db/schema';
import type { Actor } from '~/services/platform/audit.server';
import { noteLedgerRow } from '~/services/platform/log.server';

export type LedgerInput = {
  riderId: number;
  balance: LedgerEntry['balance'];
  kind: LedgerEntry['kind'];
  amountCents: number; // signed: + adds to the balance, − takes from it
  currency: LedgerEntry['currency'];
  awardId?: number | null;
  redemptionId?: number | null;
  payoutClaimId?: number | null;
  actor: Actor;
  note?: string | null;
  /** When it happened (ISO); the database's clock when absent. */
  at?: string;
};

/** Appends one ledger row (inside the caller's transaction); returns its id. */
export function recordLedger(tx: Tx, e: LedgerInput): number {
  if (!Number.isInteger(e.amountCents)) throw new Error('Ledger amounts are integer cents');
  const { lastInsertRowid } = prepared(tx, 'ledger.insert', (c) =>
    c
      .insert(ledgerEntries)
      .values({
        riderId: sql.placeholder('riderId'),
        balance: sql.placeholder('balance'),
        kind: sql.placeholder('kind'),
        amountCents: sql.placeholder('amountCents'),
        currency: sql.placeholder('currency'),
        awardId: sql.placeholder('awardId'),
        redemptionId: sql.placeholder('redemptionId'),
        payoutClaimId: sql.placeholder('payoutClaimId'),
        actorUserId: sql.placeholder('actorUserId'),
        proxyHostUserId: sql.placeholder('proxyHostUserId'),
        note: sql.placeholder('note'),
        createdAt: sql`coalesce(${sql.placeholder('at')}, ${sqlNow})`,
      })
      .prepare(),
  ).run({
    riderId: e.riderId,
    balance: e.balance,
    kind: e.kind,
    amountCents: e.amountCents,
    currency: e.currency,
    awardId: e.awardId ?? null,
    redemptionId: e.redemptionId ?? null,
    payoutClaimId: e.payoutClaimId ?? null,
    actorUserId: e.actor.userId,
    proxyHostUserId: e.actor.proxyHostUserId,
    note: e.note ?? null,
    at: e.at ?? null,
  });
  const id = Number(lastInsertRowid);
  noteLedgerRow({ ...e, id }); // logged with its id once the transaction commits
  return id;
}
