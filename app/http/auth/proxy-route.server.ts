/** Loader and action shared by the three /proxy-{role}/{id} routes. */
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { requireUser, roleHome } from '~/services/auth/guard.server';
import {
  proxyTarget,
  sessionAdmin,
  startProxy,
  type ProxyRole,
} from '~/services/auth/proxy.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';

function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

/** Only admins (also while already impersonating) may proxy; the target must have a login. */
async function resolve(request: Request, role: ProxyRole, rawId: string | undefined) {
  const auth = await requireUser(request);
  const admin = sessionAdmin(auth);
  if (!admin) throw new Response('Forbidden', { status: 403 });
  const id = parseId(rawId);
  const target = proxyTarget(getDb(), role, id);
  if (!target) throw new Response('Not Found', { status: 404 });
  return { auth, admin, id, target };
}

export async function proxyLoader(request: Request, role: ProxyRole, rawId: string | undefined) {
  const { target } = await resolve(request, role, rawId);
  return { name: target.name };
}

export async function proxyAction(request: Request, role: ProxyRole, rawId: string | undefined) {
  const { auth, admin, id, target } = await resolve(request, role, rawId);
  startProxy(getDb(), auth.sessionId, admin, role, id, target.user);
  return redirectWithFlash(roleHome(role, requestLang(request)), {
    kind: 'info',
    message: 'common:proxy.started',
    values: { name: target.name },
  });
}
