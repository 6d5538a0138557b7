/**
 * The promoter's series page: its events with dates and status (upcoming, results posted,
 * results late, cancelled), payouts per class, what the series paid; 404 for a series that is
 * not the promoter's, and for unknown ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { loader } from '~/routes/($lang).auth.promoter.serie.($seriesId)';
import { createSession } from '~/services/auth/session.server';
import { recomputeEventAwards } from '~/services/money/awards/awards.server';
import { seriesEventStatus } from '~/services/events/management/promoter-series.server';
import {
  fillClass,
  makeAdmin,
  makeClass,
  makeEvent,
  makePromoter,
  makeSeries,
} from '../../money/factory';

const cookies: Record<string, string> = {};
let own = 0;
let other = 0;

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH, { backup: false });
  const db = getDb();
  const admin = makeAdmin(db);
  const a = makePromoter(db, 'Series Owner');
  const b = makePromoter(db, 'Someone Else');
  own = makeSeries(db, { name: 'Owner Cup', promoterId: a.promoter.id }).id;
  other = makeSeries(db, { name: 'Other Cup', promoterId: b.promoter.id }).id;
  const paidEvent = makeEvent(db, { title: 'Round 1', seriesId: own, date: '2025-03-01' });
  const cls = makeClass(db, paidEvent.id, { name: '450 B', amounts: [30000, 20000, 10000] });
  fillClass(db, paidEvent.id, cls.id, 6);
  recomputeEventAwards(db, paidEvent.id, admin.actor);
  makeEvent(db, { title: 'Round 2', seriesId: own, date: '2025-04-01' });
  makeEvent(db, { title: 'Round 3', seriesId: own, date: '2025-05-01', cancelled: true });
  makeEvent(db, { title: 'Round 4', seriesId: own, date: '2099-05-01' });
  cookies.a = (await createSession(db, a.user.id)).setCookie.split(';')[0];
});

function load(id: string) {
  const request = new Request(`http://localhost/auth/promoter/serie/${id}`, {
    headers: { Cookie: cookies.a },
  });
  return loader({ request, params: { seriesId: id }, context: {} });
}

describe('promoter series page', () => {
  it('lists the events with status, class payouts and what the series paid', async () => {
    const page = await load(String(own));
    expect(page.series.name).toBe('Owner Cup');
    expect(page.events.map((e) => [e.title, e.status])).toEqual([
      ['Round 1', 'posted'],
      ['Round 2', 'late'],
      ['Round 3', 'cancelled'],
      ['Round 4', 'upcoming'],
    ]);
    expect(page.events[0].classes).toEqual([
      expect.objectContaining({
        name: '450 B',
        places: [
          { place: 1, amountCents: 30000 },
          { place: 2, amountCents: 20000 },
          { place: 3, amountCents: 10000 },
        ],
      }),
    ]);
    expect(page.events[0].paid).toEqual([{ currency: 'USD', cents: 60000 }]);
    expect(page.paid).toEqual([{ currency: 'USD', cents: 60000 }]);
  });

  it("is a 404 for another promoter's series and for unknown ids", async () => {
    for (const id of [String(other), '999999', 'abc']) {
      const thrown = await load(id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it('calls results late only two weeks after the event', () => {
    const today = '2025-03-20';
    expect(
      seriesEventStatus({ date: '2025-03-10', cancelled: false, hasResults: false }, today),
    ).toBe('awaiting');
    expect(
      seriesEventStatus({ date: '2025-03-01', cancelled: false, hasResults: false }, today),
    ).toBe('late');
    expect(
      seriesEventStatus({ date: '2025-03-25', cancelled: false, hasResults: false }, today),
    ).toBe('upcoming');
  });
});
