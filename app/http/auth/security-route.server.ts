/**
 * The account's sign-in security page (`/auth/{role}/security`, one thin route per role): its
 * loader and action. Confirm it is you (the step-up: password, and a code when TOTP is on), set up
 * TOTP (QR + secret, confirmed by a first code, then the recovery codes shown once), turn it off
 * (password AND code), make new recovery codes (password AND a current code), remove a passkey;
 * the account's passkeys and its recent security events. Setting up TOTP and removing a passkey
 * need a session proven within the last minutes (step-up.server); turning TOTP off and new codes
 * carry their own proof. The sign-in e-mail changes in two steps (email-change.server): the new
 * address with the password's proof, then the code mailed to it from a fresh session. Nothing here
 * may be done while an admin proxies the account: credentials stay the owner's.
 */
import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import type { z } from 'zod';
import { getDb, type DB } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { securitySchema } from '~/lib/schemas/two-factor';
import { securityPath } from '~/lib/two-factor';
import type { Auth } from '~/services/auth/guard.server';
import {
  cancelEmailChange,
  confirmEmailChange,
  pendingEmailChange,
  requestEmailChange,
  type EmailChangeConfirmOutcome,
  type EmailChangeRequestOutcome,
} from '~/services/auth/email-change.server';
import { currentRequest } from '~/services/platform/log.server';
import { listPasskeys, removePasskey } from '~/services/auth/passkeys.server';
import { recentSecurityEvents, type ClientInfo } from '~/services/auth/security-events.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import {
  freshSecondsLeft,
  markVerified,
  securityChangeAllowed,
  stepUpWithPassword,
} from '~/services/auth/step-up.server';
import {
  beginTotpSetup,
  pendingSecret,
  totpQrDataUrl,
  totpUri,
  twoFactorState,
} from '~/services/auth/totp.server';
import {
  disableTotp,
  enableTotp,
  mustEnrol,
  regenerateRecoveryCodes,
  secondFactorRequired,
  type DisableOutcome,
} from '~/services/auth/two-factor.server';

/** `auth`: the route's own guard (`requireRole`). */
export async function securityLoader(auth: Auth) {
  const db = getDb();
  const state = twoFactorState(db, auth.user.id);
  const secret = state.pending ? pendingSecret(db, auth.user.id) : null;
  return {
    state,
    required: secondFactorRequired(auth.user),
    missing: mustEnrol(db, auth.user),
    proxying: auth.proxyHost !== null,
    setup: secret ? { secret, qr: await totpQrDataUrl(totpUri(secret, auth.user.email)) } : null,
    passkeys: listPasskeys(db, auth.user.id),
    events: recentSecurityEvents(db, auth.user.id),
    email: auth.user.email,
    // The new address waiting for its mailed code (never shown to an admin proxying).
    pendingEmail: auth.proxyHost ? null : (pendingEmailChange(db, auth.user.id)?.email ?? null),
    // Seconds the session may still change its sign-in security without confirming again.
    freshFor: auth.proxyHost ? 0 : freshSecondsLeft(db, auth.sessionId),
  };
}

/** Where the request comes from, for the account's security history and the owner's mail. */
export function clientInfo(request: Request, address?: string | null): ClientInfo {
  return {
    address: address ?? currentRequest()?.address ?? null,
    userAgent: request.headers.get('User-Agent'),
  };
}

const HIDE = { hideFields: ['password', 'code'] };

/** Where a refused password-and-code form shows why. */
function passwordAndCodeErrors(r: Exclude<DisableOutcome, 'ok' | 'notOn'>): {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
} {
  return r === 'wrongPassword'
    ? { fieldErrors: { password: ['twofactor:errors.wrongPassword'] } }
    : r === 'wrongCode'
      ? { fieldErrors: { code: ['twofactor:errors.wrongCode'] } }
      : { formErrors: ['twofactor:errors.wait'] };
}

type FormErrors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/** Where a refused step of the e-mail change shows why. */
function emailChangeErrors(
  r: Exclude<EmailChangeRequestOutcome | EmailChangeConfirmOutcome, 'ok' | 'proxy' | 'stepUp'>,
): FormErrors {
  switch (r) {
    case 'same':
    case 'taken':
      return { fieldErrors: { newEmail: [`twofactor:email.${r}`] } };
    case 'tooMany':
      return { formErrors: ['twofactor:email.tooMany'] };
    case 'invalid':
      return { fieldErrors: { code: ['twofactor:email.wrongCode'] } };
    case 'expired':
    case 'tooManyTries':
      return { fieldErrors: { code: [`twofactor:email.${r}`] } };
    default:
      return passwordAndCodeErrors(r);
  }
}

type SecurityForm = z.infer<typeof securitySchema>;
type Form<I extends SecurityForm['intent']> = Extract<SecurityForm, { intent: I }>;

/** What every form of the page works on. */
type Ctx = {
  auth: Auth;
  db: DB;
  client: ClientInfo;
  submission: Pick<Submission<SecurityForm>, 'reply'>;
  back: (message: string) => Promise<Response>;
  /** The page again, without a message. */
  here: () => Response;
};

/** A refused form: the reply with its errors (secrets hidden), and whether to confirm first. */
function refused(ctx: Ctx, errors: FormErrors, status: number, stepUpNeeded = false) {
  return data(
    { result: ctx.submission.reply({ ...HIDE, ...errors }), recoveryCodes: null, stepUpNeeded },
    { status },
  );
}

/** The recovery codes, shown once after TOTP is set up or the codes are made anew. */
function shown(ctx: Ctx, recoveryCodes: string[]) {
  return { result: ctx.submission.reply({ resetForm: true }), recoveryCodes, stepUpNeeded: false };
}

async function stepUp(ctx: Ctx, value: Form<'stepUp'>) {
  const { auth, db } = ctx;
  const by = { sessionId: auth.sessionId, proxyHost: auth.proxyHost, userId: auth.user.id };
  const r = await stepUpWithPassword(db, by, value);
  if (r === 'ok') return ctx.back('twofactor:stepUp.done');
  const errors: FormErrors =
    r === 'wrongPassword'
      ? { fieldErrors: { password: ['twofactor:errors.wrongPassword'] } }
      : r === 'wrongCode'
        ? { fieldErrors: { code: ['twofactor:errors.wrongCode'] } }
        : r === 'codeNeeded'
          ? { fieldErrors: { code: ['twofactor:errors.codeFormat'] } }
          : { formErrors: ['twofactor:errors.wait'] };
  return refused(ctx, errors, r === 'wait' ? 429 : 400, true);
}

async function confirmTotp(ctx: Ctx, value: Form<'confirm'>) {
  const { auth, db, client } = ctx;
  const r = await enableTotp(db, auth.user.id, value.code, auth.actor, client);
  if (r.outcome === 'ok') return shown(ctx, r.recoveryCodes);
  const key = r.outcome === 'wait' ? 'twofactor:errors.wait' : 'twofactor:errors.wrongCode';
  return refused(ctx, { fieldErrors: { code: [key] } }, r.outcome === 'wait' ? 429 : 400);
}

async function disable(ctx: Ctx, value: Form<'disable'>) {
  const { auth, db, client } = ctx;
  const r = await disableTotp(db, auth.user.id, value, auth.actor, client);
  if (r !== 'ok' && r !== 'notOn')
    return refused(ctx, passwordAndCodeErrors(r), r === 'wait' ? 429 : 400);
  // The password and code just typed are a fresh proof too.
  if (r === 'ok') markVerified(db, auth.sessionId);
  return ctx.back('twofactor:totp.disabled');
}

async function regenerate(ctx: Ctx, value: Form<'regenerateRecovery'>) {
  const { auth, db, client } = ctx;
  const r = await regenerateRecoveryCodes(db, auth.user.id, value, auth.actor, client);
  if (r.outcome === 'notOn') return ctx.here();
  if (r.outcome !== 'ok')
    return refused(ctx, passwordAndCodeErrors(r.outcome), r.outcome === 'wait' ? 429 : 400);
  markVerified(db, auth.sessionId);
  return shown(ctx, r.recoveryCodes);
}

async function changeEmail(ctx: Ctx, value: Form<'emailChange'> | Form<'emailConfirm'>) {
  const { auth, db, client } = ctx;
  const by = { ...auth, userId: auth.user.id };
  const r =
    value.intent === 'emailChange'
      ? await requestEmailChange(db, by, value)
      : await confirmEmailChange(db, by, value.code, client);
  if (r === 'ok')
    return ctx.back(
      value.intent === 'emailChange' ? 'twofactor:email.sent' : 'twofactor:email.changed',
    );
  if (r === 'proxy') throw new Response('Forbidden', { status: 403 });
  if (r === 'stepUp') return refused(ctx, { formErrors: ['twofactor:stepUp.needed'] }, 403, true);
  return refused(ctx, emailChangeErrors(r), r === 'wait' || r === 'tooMany' ? 429 : 400);
}

/** Setting up TOTP, removing a passkey and confirming a new e-mail carry no proof of their own. */
const NEEDS_FRESH_SESSION = new Set(['begin', 'confirm', 'removePasskey', 'emailConfirm']);

/** `address`: the client's, from the route's load context. */
export async function securityAction(request: Request, auth: Auth, address?: string) {
  const role = auth.user.role;
  if (auth.proxyHost) throw new Response('Forbidden', { status: 403 });
  const db = getDb();
  const lang = requestLang(request);
  const submission = parseWithZod(await request.formData(), { schema: securitySchema });
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply(HIDE), recoveryCodes: null, stepUpNeeded: false },
      { status: 400 },
    );
  }
  const ctx: Ctx = {
    auth,
    db,
    client: clientInfo(request, address),
    submission,
    back: (message) => redirectWithFlash(securityPath(role, lang), { kind: 'success', message }),
    here: () => redirect(securityPath(role, lang)),
  };
  const value = submission.value;
  // The session's own proof must be fresh for these.
  if (NEEDS_FRESH_SESSION.has(value.intent) && securityChangeAllowed(db, auth) !== 'ok')
    return refused(ctx, { formErrors: ['twofactor:stepUp.needed'] }, 403, true);
  switch (value.intent) {
    case 'stepUp':
      return stepUp(ctx, value);
    case 'begin':
      if (!twoFactorState(db, auth.user.id).totp) beginTotpSetup(db, auth.user.id);
      return ctx.here();
    case 'confirm':
      return confirmTotp(ctx, value);
    case 'disable':
      return disable(ctx, value);
    case 'regenerateRecovery':
      return regenerate(ctx, value);
    case 'removePasskey':
      await removePasskey(db, auth.user.id, value.passkeyId, auth.actor, ctx.client);
      return ctx.back('twofactor:passkeys.removed');
    case 'emailChange':
    case 'emailConfirm':
      return changeEmail(ctx, value);
    case 'emailCancel':
      cancelEmailChange(db, { ...auth, userId: auth.user.id });
      return ctx.back('twofactor:email.cancelled');
  }
}
