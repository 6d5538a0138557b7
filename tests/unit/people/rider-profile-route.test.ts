/** The rider profile page's action, by intent: each form reaches its own handler and answers. */
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { riderProfileAction } from '~/http/people/rider-profile-route.server';
import { getRider } from '~/services/people/riders.server';
import { apiAccount, runRoute, type ApiAccount } from '../helpers/api-session';

let rider: ApiAccount;

beforeAll(async () => {
  await migrateDatabase(env().DATABASE_PATH);
  rider = await apiAccount('profile-route@rider.test', 'rider', 'Profile');
});

function post(fields: Record<string, string>, cookie = rider.cookie) {
  return new Request('http://localhost/auth/rider/profile', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/** The action's answer as status and body (a `data()` answer or a Response). */
async function answer(request: Request) {
  const out = (await runRoute(() => riderProfileAction(request))) as unknown;
  if (out instanceof Response) return { status: out.status, body: null, location: out.headers };
  const { data, init } = out as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, location: null };
}

describe('riderProfileAction', () => {
  it('turns the early reminders off and says so', async () => {
    const out = await answer(post({ intent: 'reminders' }));
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ intent: 'reminders', saved: true });
    expect(getRider(getDb(), rider.profileId)?.reminderMails).toBe(false);
    await answer(post({ intent: 'reminders', reminderMails: 'on' }));
    expect(getRider(getDb(), rider.profileId)?.reminderMails).toBe(true);
  });

  it("refuses a form that fails its schema, under that form's intent", async () => {
    const out = await answer(post({ intent: 'taxStatus', usPerson: 'maybe' }));
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ intent: 'taxStatus' });
    expect(out.body).not.toHaveProperty('saved');
  });

  it('answers an unknown intent with 400, whatever its name', async () => {
    for (const intent of ['nonsense', 'toString', '']) {
      const out = await answer(post({ intent }));
      expect(out.status).toBe(400);
      expect(out.body).toEqual({ intent: null, error: 'rider:errors.intent' });
    }
  });

  it('sends a visitor without a session to sign in', async () => {
    const out = await answer(post({ intent: 'reminders' }, ''));
    expect(out.status).toBe(302);
    expect(out.location?.get('Location')).toMatch(/\/login/);
  });
});
