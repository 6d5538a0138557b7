/** Route tests with a real session: an account with a session cookie, and a runner that returns thrown Responses. */
import { createSession } from '~/services/auth/session.server';
import { createAccount } from '~/services/people/users.server';
import { getDb } from '~/db.server';

export type ApiAccount = { profileId: number; cookie: string };

export async function apiAccount(
  email: string,
  role: 'admin' | 'rider' | 'promoter',
  name: string,
): Promise<ApiAccount> {
  const { user, profileId } = await createAccount(getDb(), {
    role,
    email,
    password: 'Password123',
    emailVerified: true,
    firstName: name,
    lastName: 'Test',
    name,
  });
  const { setCookie } = await createSession(getDb(), user.id);
  return { profileId, cookie: setCookie.split(';')[0]! };
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
export async function runRoute(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return (await fn()) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}
