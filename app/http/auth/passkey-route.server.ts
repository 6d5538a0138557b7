/**
 * The passkey ceremonies' JSON endpoints (`/api/passkey/register`, `/api/passkey/sign-in`): each
 * is two calls, `{ step: 'options' }` (stores the challenge server-side behind a cookie) then
 * `{ step: 'verify', response }` (the browser's answer, checked against that challenge).
 */
import { passkeyBodySchema } from '~/lib/schemas/passkeys';
import { getDb } from '~/db.server';
import { env } from '~/env.server';
import { ROLES } from '~/lib/constants';
import { langFromPath, safeRedirect } from '~/lib/lang';
import { roleHome } from '~/services/auth/guard.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import {
  isKnownDevice,
  releaseSignIn,
  reserveSignIn,
  signInSucceeded,
} from '~/services/auth/login-throttle.server';
import {
  authenticationOptions,
  passkeyUser,
  registerPasskey,
  registrationOptions,
  stepUpOptions,
  verifyPasskeySignIn,
  verifyPasskeyStepUp,
  type RelyingParty,
} from '~/services/auth/passkeys.server';
import { openSession } from '~/services/auth/second-step.server';
import { clientInfo } from '~/http/auth/security-route.server';
import { markVerified, securityChangeAllowed } from '~/services/auth/step-up.server';
import {
  clearChallengeCookie,
  createChallenge,
  dropChallenge,
  readChallenge,
} from '~/services/auth/signin-challenge.server';
import { parseOr400, readJson } from '~/http/json-api.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/**
 * The relying party: PUBLIC_URL's host and origin; without PUBLIC_URL (a local trial), the
 * request's own, so http://localhost:<port> works (WebAuthn wants a domain, not an IP address).
 */
function relyingParty(request: Request): RelyingParty {
  const url = new URL(env().PUBLIC_URL_SET ? env().PUBLIC_URL : request.url);
  return { id: url.hostname, origin: url.origin };
}

const bodySchema = passkeyBodySchema;

const postOnly = () =>
  jsonAnswer({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });

/** The refusal of a change whose session has no fresh proof of its owner: step up first. */
export const stepUpNeeded = () =>
  jsonAnswer({ error: 'twofactor:stepUp.needed', code: 'stepUpRequired' }, { status: 403 });

/**
 * Registers a passkey for the signed-in user (not while an admin proxies them), both calls only
 * within minutes of a sign-in or a step-up: a stolen session cookie alone cannot add a key.
 */
export async function passkeyRegister(request: Request, address?: string): Promise<Response> {
  if (request.method !== 'POST') return postOnly();
  const auth = await requireApiRole(request, ROLES, { allowEnrolment: true });
  if (auth.proxyHost) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const db = getDb();
  if (securityChangeAllowed(db, auth) !== 'ok') return stepUpNeeded();
  const rp = relyingParty(request);
  const body = parseOr400(bodySchema, await readJson(request));
  if (body.step === 'options') {
    const options = await registrationOptions(db, rp, auth.user);
    const cookie = await createChallenge(db, 'passkeyRegister', {
      userId: auth.user.id,
      challenge: options.challenge,
    });
    return jsonAnswer(options, { headers: { 'Set-Cookie': cookie } });
  }
  const c = await readChallenge(db, request, 'passkeyRegister');
  if (!c?.challenge || c.userId !== auth.user.id) {
    return jsonAnswer({ error: 'twofactor:passkeys.failed' }, { status: 400 });
  }
  dropChallenge(db, c.id);
  const ok = await registerPasskey(
    db,
    rp,
    auth.user.id,
    c.challenge,
    body.response as never,
    auth.actor,
    clientInfo(request, address),
  );
  return jsonAnswer(ok ? { ok } : { error: 'twofactor:passkeys.failed' }, {
    status: ok ? 200 : 400,
    headers: { 'Set-Cookie': await clearChallengeCookie('passkeyRegister') },
  });
}

/**
 * Signs in with a passkey: a session at once (a passkey is two factors), then `redirectTo`.
 * Throttled as the password is (login-throttle.server): a failed check counts against the client
 * address and, when the credential names an account, against that account.
 */
export async function passkeySignIn(request: Request, clientAddress: string): Promise<Response> {
  if (request.method !== 'POST') return postOnly();
  const db = getDb();
  const rp = relyingParty(request);
  const body = parseOr400(bodySchema, await readJson(request));
  if (body.step === 'options') {
    const options = await authenticationOptions(rp);
    const cookie = await createChallenge(db, 'passkeySignIn', { challenge: options.challenge });
    return jsonAnswer(options, { headers: { 'Set-Cookie': cookie } });
  }
  const claimed = passkeyUser(db, body.response.id);
  const keys = {
    email: claimed?.email ?? null,
    address: clientAddress,
    knownDevice: claimed ? await isKnownDevice(request, claimed.email) : false,
  };
  // Counted before the check, as a password is (login-throttle.server): a burst gets no more tries.
  const reserved = reserveSignIn(db, keys);
  if (!reserved.ok) {
    return jsonAnswer(
      { error: 'security:signInWait' },
      { status: 429, headers: { 'Retry-After': String(reserved.wait) } },
    );
  }
  const c = await readChallenge(db, request, 'passkeySignIn');
  if (!c?.challenge) {
    releaseSignIn(db, reserved.reservation);
    return jsonAnswer({ error: 'twofactor:passkeys.failed' }, { status: 400 });
  }
  dropChallenge(db, c.id);
  const user = await verifyPasskeySignIn(db, rp, c.challenge, body.response as never);
  if (!user) return jsonAnswer({ error: 'twofactor:passkeys.failed' }, { status: 400 });
  signInSucceeded(db, reserved.reservation);
  const headers = new Headers();
  for (const cookie of await openSession(db, request, user)) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', await clearChallengeCookie('passkeySignIn'));
  const lang = body.lang ?? langFromPath(body.redirectTo ?? '/');
  const redirectTo = safeRedirect(body.redirectTo, roleHome(user.role, lang));
  return jsonAnswer({ redirectTo }, { headers });
}

/**
 * A step-up with one of the account's own passkeys (options, then verify): the session is proven
 * again, as by the password (+ code). Not while an admin proxies the account.
 */
export async function passkeyStepUp(request: Request): Promise<Response> {
  if (request.method !== 'POST') return postOnly();
  const auth = await requireApiRole(request, ROLES, { allowEnrolment: true });
  if (auth.proxyHost) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const db = getDb();
  const rp = relyingParty(request);
  const body = parseOr400(bodySchema, await readJson(request));
  if (body.step === 'options') {
    const options = await stepUpOptions(db, rp, auth.user.id);
    const cookie = await createChallenge(db, 'passkeyStepUp', {
      userId: auth.user.id,
      challenge: options.challenge,
    });
    return jsonAnswer(options, { headers: { 'Set-Cookie': cookie } });
  }
  const c = await readChallenge(db, request, 'passkeyStepUp');
  if (!c?.challenge || c.userId !== auth.user.id) {
    return jsonAnswer({ error: 'twofactor:passkeys.failed' }, { status: 400 });
  }
  dropChallenge(db, c.id);
  const ok = await verifyPasskeyStepUp(db, rp, auth.user.id, c.challenge, body.response as never);
  if (ok) markVerified(db, auth.sessionId);
  return jsonAnswer(ok ? { ok } : { error: 'twofactor:passkeys.failed' }, {
    status: ok ? 200 : 400,
    headers: { 'Set-Cookie': await clearChallengeCookie('passkeyStepUp') },
  });
}
