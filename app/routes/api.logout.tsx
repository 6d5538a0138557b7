/** Logout (spec: GET /api/logout): deletes the server-side session, then goes to /login. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { getDb } from '~/db.server';
import { safeRedirect } from '~/lib/lang';
import { destroySession } from '~/services/auth/session.server';
import { allowMethods } from '~/http/api.server';
import type { RouteHandle } from '~/lib/route-handle';

async function logout(request: Request) {
  // A cross-site link or image must not sign anyone out (GET stays for the spec's plain link).
  if (request.method === 'GET' && request.headers.get('Sec-Fetch-Site') === 'cross-site') {
    return redirect('/');
  }
  const to = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/login');
  const target = to === '/login' || to === '/fr/login' ? to : '/login';
  return redirect(target, { headers: { 'Set-Cookie': await destroySession(getDb(), request) } });
}

export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
export const action = ({ request }: ActionFunctionArgs) => {
  allowMethods(request, 'GET', 'POST');
  return logout(request);
};

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
