/**
 * Linking an event's results to rider accounts before awards are decided: by AMA number, else by
 * e-mail, else by full name when exactly one rider has it.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '~/db.server';
import { eventClasses, resultExclusions, results, riders, users } from '#db/schema';
import { nameKey, normalizeAma } from '~/services/events/files/match-keys.server';

/** A person's name reduced for matching: case, accents and spacing do not matter. */
export function personKey(name: string): string {
  return nameKey(name);
}

/**
 * A result's identity within its class, as the "not this rider" marks and a re-upload's carry-over
 * name it: the AMA number when there is one, else the rider's name reduced.
 */
export function resultIdentity(ama: string | null, riderName: string): string {
  const a = normalizeAma(ama);
  return a ? `ama|${a}` : `name|${personKey(riderName)}`;
}

/** The "not this rider" marks of an event: `classId|identity` → the riders it must never link to. */
function eventExclusions(tx: Tx, eventId: number): Map<string, Set<number>> {
  const rows = tx
    .select({
      classId: resultExclusions.classId,
      identity: resultExclusions.identity,
      riderId: resultExclusions.riderId,
    })
    .from(resultExclusions)
    .where(
      inArray(
        resultExclusions.classId,
        tx
          .select({ id: eventClasses.id })
          .from(eventClasses)
          .where(eq(eventClasses.eventId, eventId)),
      ),
    )
    .all();
  const map = new Map<string, Set<number>>();
  for (const r of rows) {
    const key = `${r.classId}|${r.identity}`;
    const set = map.get(key) ?? new Set<number>();
    set.add(r.riderId);
    map.set(key, set);
  }
  return map;
}

/**
 * Links the event's unlinked results to rider accounts: by AMA number, else by e-mail, else by
 * full name when exactly one rider has it. A link already made (by hand or earlier) is kept. A
 * rider an admin marked "not this rider" for a result is never a candidate for it.
 */
export function linkEventResults(tx: Tx, eventId: number): number {
  const unlinked = tx
    .select({
      id: results.id,
      classId: results.classId,
      riderName: results.riderName,
      amaNumber: results.amaNumber,
      email: results.email,
    })
    .from(results)
    .where(and(eq(results.eventId, eventId), isNull(results.riderId)))
    .all();
  if (unlinked.length === 0) return 0;
  // Every rider is a candidate (AMA numbers and e-mails are matched as reduced, names without
  // accents, so no index narrows it): read as plain arrays, the lean way for ~50k rows.
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
    .values() as unknown as [number, string, string, string | null, string][];
  const byAma = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const push = (m: Map<string, number[]>, k: string | null, id: number) => {
    if (!k) return;
    const list = m.get(k);
    if (list) list.push(id);
    else m.set(k, [id]);
  };
  // Only the keys some unlinked result asks for go into the maps (50k riders' three keys each
  // were most of the time of an upload): the list under each wanted key is the same.
  const wantAma = new Set<string>();
  const wantEmail = new Set<string>();
  const wantName = new Set<string>();
  for (const r of unlinked) {
    const ama = normalizeAma(r.amaNumber);
    if (ama) wantAma.add(ama);
    if (r.email) wantEmail.add(r.email.trim().toLowerCase());
    wantName.add(personKey(r.riderName));
  }
  for (const [id, firstName, lastName, amaNumber, email] of all) {
    const ama = normalizeAma(amaNumber);
    if (ama && wantAma.has(ama)) push(byAma, ama, id);
    const mail = email.trim().toLowerCase();
    if (wantEmail.has(mail)) push(byEmail, mail, id);
    const name = personKey(`${firstName} ${lastName}`);
    if (wantName.has(name)) push(byName, name, id);
  }
  const excluded = eventExclusions(tx, eventId);
  const link = tx
    .update(results)
    .set({ riderId: sql`${sql.placeholder('riderId')}` })
    .where(eq(results.id, sql.placeholder('id')))
    .prepare();
  let linked = 0;
  for (const r of unlinked) {
    const not = excluded.get(`${r.classId}|${resultIdentity(r.amaNumber, r.riderName)}`);
    const one = (list: number[] | undefined) => {
      const left = not ? list?.filter((id) => !not.has(id)) : list;
      return left && left.length === 1 ? left[0]! : null;
    };
    const ama = normalizeAma(r.amaNumber);
    const riderId =
      (ama ? one(byAma.get(ama)) : null) ??
      (r.email ? one(byEmail.get(r.email.trim().toLowerCase())) : null) ??
      one(byName.get(personKey(r.riderName)));
    if (riderId !== null) {
      link.run({ riderId, id: r.id });
      linked += 1;
    }
  }
  return linked;
}
