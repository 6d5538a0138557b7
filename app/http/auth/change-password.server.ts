import { getDb } from '~/db.server';
import { type Role } from '~/lib/constants';
import { changePasswordSchema } from '~/lib/schemas/rider';
import { requireApiRole } from '~/services/auth/guard.server';
import { allowMethods, parseOr400, readJson } from '~/http/api.server';
import { changePassword } from '~/services/auth/recovery.server';
import { jsonAnswer } from '~/http/kept-answer.server';

/**
 * The HTTP side of PUT /api/{role}/{role}/change-password, shared by the three route files:
 * JSON { currentPassword, password, confirmPassword } → 200 { ok: true }, or { error } with
 * 400 (invalid input, wrong current password), 401/403 (not signed in as `role`), 429.
 */
export async function changePasswordAction(request: Request, role: Role): Promise<Response> {
  allowMethods(request, 'PUT');
  const auth = await requireApiRole(request, [role]);
  const parsed = parseOr400(changePasswordSchema, await readJson(request));
  const db = getDb();
  const outcome = await changePassword(db, auth.user, parsed, auth.actor, auth.sessionId);
  if (outcome === 'wrongPassword')
    return jsonAnswer({ error: 'rider:errors.wrongPassword' }, { status: 400 });
  if (outcome === 'tooManyAttempts')
    return jsonAnswer({ error: 'auth:tooManyAttempts' }, { status: 429 });
  return jsonAnswer({ ok: true });
}
