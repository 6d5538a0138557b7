/** The root route's loader: every page's language, public settings, flash message and user. */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { publicEnv } from '~/env.server';
import { isLangParam, langFromPath } from '~/lib/lang';
import { signedIn } from '~/services/auth/guard.server';
import { readFlash } from '~/services/auth/session.server';

export async function rootLoader({ request, params }: LoaderFunctionArgs) {
  // Only /fr is a language prefix; /xx/... is not a page.
  if (!isLangParam(params.lang)) throw new Response('Not Found', { status: 404 });
  const lang = langFromPath(new URL(request.url).pathname);
  const db = getDb();
  // The same read as the guard's in the layout and page loaders of this request: done once.
  const { session: s, profile } = await signedIn(db, request);
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
