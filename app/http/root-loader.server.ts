/** The root route's loader: every page's language, public settings, flash message and user. */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { publicEnv } from '~/env.server';
import { isLangParam, langFromPath } from '~/lib/lang';
import { profileFor } from '~/services/auth/guard.server';
import { getSession, readFlash } from '~/services/auth/session.server';

export async function rootLoader({ request, params }: LoaderFunctionArgs) {
  // Only /fr is a language prefix; /xx/... is not a page.
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  const lang = langFromPath(new URL(request.url).pathname);
  const db = getDb();
  const s = await getSession(db, request);
  const profile = s?.user ? profileFor(db, s.user) : null;
  const { flash, setCookie } = await readFlash(request);
  return data(
    {
      lang,
      ENV: publicEnv(),
      flash,
      user:
        s?.user && profile
          ? {
              role: s.user.role,
              email: s.user.email,
              name: profile.name,
              image: s.user.profileImage ? `/files/profile/${s.user.id}` : null,
              impersonating: s.proxyHost !== null,
            }
          : null,
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}
