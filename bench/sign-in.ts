/** Signs in to a running app as a bench account (every one has the password Password123). */
export async function signIn(appUrl: string, email: string): Promise<string> {
  const r = await fetch(appUrl + '/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: appUrl },
    body: new URLSearchParams({ email, password: 'Password123' }),
  });
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (r.status !== 302 || !cookie) throw new Error(`sign-in ${email}: ${r.status}`);
  return cookie;
}
