/**
 * Linking an event's results to rider accounts before awards are decided: by AMA number, else by
 * e-mail, else by full name when exactly one rider has it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '~/db.server';
import { results, riders, users } from '#db/schema';
import { nameKey, normalizeAma } from '~/services/events/match-keys.server';

/** A person's name reduced for matching: case, accents and spacing do not matter. */
export function personKey(name: string): string {
  return nameKey(name);
}

/**
 * Links the event's unlinked results to rider accounts: by AMA number, else by e-mail, else by
 * full name when exactly one rider has it. A link already made (by hand or earlier) is kept.
 */
export function linkEventResults(tx: Tx, eventId: number): number {
  const unlinked = tx
    .select({
      id: results.id,
      riderName: results.riderName,
      amaNumber: results.amaNumber,
      email: results.email,
    })
    .from(results)
    .where(and(eq(results.eventId, eventId), isNull(results.riderId)))
    .all();
  if (unlinked.length === 0) return 0;
  const all = tx
    .select({
      id: riders.id,
      firstName: riders.firstName,
      lastName: riders.lastName,
      amaNumber: riders.amaNumber,
      email: users.email,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .all();
  const byAma = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string | null, id: number) => {
    if (!k) return;
    const list = m.get(k);
    if (list) list.push(id);
    else m.set(k, [id]);
  };
  for (const r of all) {
    push(byAma, normalizeAma(r.amaNumber), r.id);
    push(byEmail, r.email.trim().toLowerCase(), r.id);
    push(byName, personKey(`${r.firstName} ${r.lastName}`), r.id);
  }
  const one = (list: number[] | undefined) => (list && list.length === 1 ? list[0] : null);
  let linked = 0;
  for (const r of unlinked) {
    const ama = normalizeAma(r.amaNumber);
    const riderId =
      (ama ? one(byAma.get(ama)) : null) ??
      (r.email ? one(byEmail.get(r.email.trim().toLowerCase())) : null) ??
      one(byName.get(personKey(r.riderName)));
    if (riderId !== null) {
      tx.update(results).set({ riderId }).where(eq(results.id, r.id)).run();
      linked += 1;
    }
  }
  return linked;
}
