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
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { getDb } from '~/db.server';
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

/** `address`: the client's, from the route's load context. */
export async function securityAction(request: Request, auth: Auth, address?: string) {
  const role = auth.user.role;
  if (auth.proxyHost) throw new Response('Forbidden', { status: 403 });
  const db = getDb();
  const lang = requestLang(request);
  const client = clientInfo(request, address);
  const back = async (message: string) =>
    redirectWithFlash(securityPath(role, lang), { kind: 'success', message });
  const submission = parseWithZod(await request.formData(), { schema: securitySchema });
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply(HIDE), recoveryCodes: null, stepUpNeeded: false },
      { status: 400 },
    );
  }
  const value = submission.value;
  // Setting up TOTP and removing a passkey carry no proof of their own: the session's must be fresh.
  if (
    (value.intent === 'begin' ||
      value.intent === 'confirm' ||
      value.intent === 'removePasskey' ||
      value.intent === 'emailConfirm') &&
    securityChangeAllowed(db, auth) !== 'ok'
  ) {
    return data(
      {
        result: submission.reply({ ...HIDE, formErrors: ['twofactor:stepUp.needed'] }),
        recoveryCodes: null,
        stepUpNeeded: true,
      },
      { status: 403 },
    );
  }
  switch (value.intent) {
    case 'stepUp': {
      const r = await stepUpWithPassword(
        db,
        { sessionId: auth.sessionId, proxyHost: auth.proxyHost, userId: auth.user.id },
        value,
      );
      if (r === 'ok') return back('twofactor:stepUp.done');
      const errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } =
        r === 'wrongPassword'
          ? { fieldErrors: { password: ['twofactor:errors.wrongPassword'] } }
          : r === 'wrongCode'
            ? { fieldErrors: { code: ['twofactor:errors.wrongCode'] } }
            : r === 'codeNeeded'
              ? { fieldErrors: { code: ['twofactor:errors.codeFormat'] } }
              : { formErrors: ['twofactor:errors.wait'] };
      return data(
        {
          result: submission.reply({ ...HIDE, ...errors }),
          recoveryCodes: null,
          stepUpNeeded: true,
        },
        { status: r === 'wait' ? 429 : 400 },
      );
    }
    case 'begin':
      if (!twoFactorState(db, auth.user.id).totp) beginTotpSetup(db, auth.user.id);
      return redirect(securityPath(role, lang));
    case 'confirm': {
      const r = await enableTotp(db, auth.user.id, value.code, auth.actor, client);
      if (r.outcome !== 'ok') {
        const key = r.outcome === 'wait' ? 'twofactor:errors.wait' : 'twofactor:errors.wrongCode';
        return data(
          {
            result: submission.reply({ ...HIDE, fieldErrors: { code: [key] } }),
            recoveryCodes: null,
            stepUpNeeded: false,
          },
          { status: r.outcome === 'wait' ? 429 : 400 },
        );
      }
      return {
        result: submission.reply({ resetForm: true }),
        recoveryCodes: r.recoveryCodes,
        stepUpNeeded: false,
      };
    }
    case 'disable': {
      const r = await disableTotp(db, auth.user.id, value, auth.actor, client);
      if (r === 'ok' || r === 'notOn') {
        // The password and code just typed are a fresh proof too.
        if (r === 'ok') markVerified(db, auth.sessionId);
        return back('twofactor:totp.disabled');
      }
      return data(
        {
          result: submission.reply({ ...HIDE, ...passwordAndCodeErrors(r) }),
          recoveryCodes: null,
          stepUpNeeded: false,
        },
        { status: r === 'wait' ? 429 : 400 },
      );
    }
    case 'regenerateRecovery': {
      const r = await regenerateRecoveryCodes(db, auth.user.id, value, auth.actor, client);
      if (r.outcome === 'notOn') return redirect(securityPath(role, lang));
      if (r.outcome !== 'ok') {
        return data(
          {
            result: submission.reply({ ...HIDE, ...passwordAndCodeErrors(r.outcome) }),
            recoveryCodes: null,
            stepUpNeeded: false,
          },
          { status: r.outcome === 'wait' ? 429 : 400 },
        );
      }
      markVerified(db, auth.sessionId);
      return {
        result: submission.reply({ resetForm: true }),
        recoveryCodes: r.recoveryCodes,
        stepUpNeeded: false,
      };
    }
    case 'removePasskey':
      await removePasskey(db, auth.user.id, value.passkeyId, auth.actor, client);
      return back('twofactor:passkeys.removed');
    case 'emailChange':
    case 'emailConfirm': {
      const by = { ...auth, userId: auth.user.id };
      const r =
        value.intent === 'emailChange'
          ? await requestEmailChange(db, by, value)
          : await confirmEmailChange(db, by, value.code, client);
      if (r === 'ok')
        return back(
          value.intent === 'emailChange' ? 'twofactor:email.sent' : 'twofactor:email.changed',
        );
      if (r === 'proxy') throw new Response('Forbidden', { status: 403 });
      const stepUp = r === 'stepUp';
      const errors = stepUp ? { formErrors: ['twofactor:stepUp.needed'] } : emailChangeErrors(r);
      return data(
        {
          result: submission.reply({ ...HIDE, ...errors }),
          recoveryCodes: null,
          stepUpNeeded: stepUp,
        },
        { status: stepUp ? 403 : r === 'wait' || r === 'tooMany' ? 429 : 400 },
      );
    }
    case 'emailCancel':
      cancelEmailChange(db, { ...auth, userId: auth.user.id });
      return back('twofactor:email.cancelled');
  }
}
