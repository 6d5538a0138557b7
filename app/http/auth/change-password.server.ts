import { getDb } from '~/db.server';
import { type Role } from '~/lib/constants';
import { changePasswordSchema } from '~/lib/schemas/rider';
import { passwordPolicy } from '~/services/auth/password-policy.server';
import { removePasskeysSchema } from '~/lib/schemas/two-factor';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, parseOr400, readJson } from '~/http/api.server';
import { clientInfo } from '~/http/auth/security-route.server';
import { stepUpNeeded } from '~/http/auth/passkey-route.server';
import { changeOwnPassword } from '~/services/auth/password-change.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/**
 * The HTTP side of PUT /api/{role}/{role}/change-password, shared by the three route files:
 * JSON { currentPassword, password, confirmPassword, removePasskeys? } → 200 { ok: true }, or
 * { error } with 400 (invalid input, wrong current password), 401/403 (not signed in as `role`,
 * an admin proxying, or an account with TOTP on whose session must step up first), 429.
 */
export async function changePasswordAction(
  request: Request,
  role: Role,
  address?: string,
): Promise<Response> {
  allowMethods(request, 'PUT');
  const auth = await requireApiRole(request, [role]);
  const body = await readJson(request);
  const parsed = parseOr400(changePasswordSchema.and(passwordPolicy([auth.user.email])), body);
  const { removePasskeys } = parseOr400(removePasskeysSchema, body);
  const db = getDb();
  const outcome = await changeOwnPassword(
    db,
    auth,
    { ...parsed, removePasskeys },
    clientInfo(request, address),
  );
  if (outcome === 'proxy') return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  if (outcome === 'stepUp') return stepUpNeeded();
  if (outcome === 'wrongPassword')
    return jsonAnswer({ error: 'rider:errors.wrongPassword' }, { status: 400 });
  if (outcome === 'tooManyAttempts')
    return jsonAnswer({ error: 'auth:tooManyAttempts' }, { status: 429 });
  return jsonAnswer({ ok: true });
}
