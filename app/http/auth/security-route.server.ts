/**
 * The account's sign-in security page (`/auth/{role}/security`, one thin route per role): its
 * loader and action. Set up TOTP (QR + secret, confirmed by a first code, then the recovery codes
 * shown once), turn it off (password AND code), make new recovery codes (password AND a current
 * code), remove a passkey. Nothing here may be done while an admin proxies the account:
 * credentials stay the owner's.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { securitySchema } from '~/lib/schemas/two-factor';
import { securityPath } from '~/lib/two-factor';
import type { Auth } from '~/services/auth/guard.server';
import { listPasskeys, removePasskey } from '~/services/auth/passkeys.server';
import { flashCookie } from '~/services/auth/session.server';
import {
  beginTotpSetup,
  confirmTotpSetup,
  pendingSecret,
  totpQrDataUrl,
  totpUri,
  twoFactorState,
} from '~/services/auth/totp.server';
import {
  disableTotp,
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

export async function securityAction(request: Request, auth: Auth) {
  const role = auth.user.role;
  if (auth.proxyHost) throw new Response('Forbidden', { status: 403 });
  const db = getDb();
  const lang = requestLang(request);
  const back = async (message: string) =>
    redirect(securityPath(role, lang), {
      headers: { 'Set-Cookie': await flashCookie({ kind: 'success', message }) },
    });
  const submission = parseWithZod(await request.formData(), { schema: securitySchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply(HIDE), recoveryCodes: null }, { status: 400 });
  }
  const value = submission.value;
  switch (value.intent) {
    case 'begin':
      if (!twoFactorState(db, auth.user.id).totp) beginTotpSetup(db, auth.user.id);
      return redirect(securityPath(role, lang));
    case 'confirm': {
      const r = confirmTotpSetup(db, auth.user.id, value.code, auth.actor);
      if (r.outcome !== 'ok') {
        const key = r.outcome === 'wait' ? 'twofactor:errors.wait' : 'twofactor:errors.wrongCode';
        return data(
          {
            result: submission.reply({ ...HIDE, fieldErrors: { code: [key] } }),
            recoveryCodes: null,
          },
          { status: r.outcome === 'wait' ? 429 : 400 },
        );
      }
      return { result: submission.reply({ resetForm: true }), recoveryCodes: r.recoveryCodes };
    }
    case 'disable': {
      const r = await disableTotp(db, auth.user.id, value, auth.actor);
      if (r === 'ok' || r === 'notOn') return back('twofactor:totp.disabled');
      return data(
        { result: submission.reply({ ...HIDE, ...passwordAndCodeErrors(r) }), recoveryCodes: null },
        { status: r === 'wait' ? 429 : 400 },
      );
    }
    case 'regenerateRecovery': {
      const r = await regenerateRecoveryCodes(db, auth.user.id, value, auth.actor);
      if (r.outcome === 'notOn') return redirect(securityPath(role, lang));
      if (r.outcome !== 'ok') {
        return data(
          {
            result: submission.reply({ ...HIDE, ...passwordAndCodeErrors(r.outcome) }),
            recoveryCodes: null,
          },
          { status: r.outcome === 'wait' ? 429 : 400 },
        );
      }
      return { result: submission.reply({ resetForm: true }), recoveryCodes: r.recoveryCodes };
    }
    case 'removePasskey':
      removePasskey(db, auth.user.id, value.passkeyId, auth.actor);
      return back('twofactor:passkeys.removed');
  }
}
