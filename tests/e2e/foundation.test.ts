/**
 * The foundation, walked in a browser in English with JavaScript: sign-in per role (one through the
 * form, the others by the fast sign-in: the form is the same), the guard chain, e-mail
 * verification with the outbox code, the VIN redirect, proxy, language switch, 404, logout. The
 * e-mail verification is also walked in French without JavaScript (its document answers, its
 * French mail).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  codeIn,
  databasePath,
  DEMO,
  login,
  signIn,
  loginThroughForm,
  mailsTo,
  newPage,
  onceIt,
  prefix,
  useBrowser,
  waitForMail,
} from './helpers';

const browser = useBrowser();

function sql<T>(query: string, ...args: unknown[]): T | undefined {
  const db = new Database(databasePath());
  try {
    const stmt = db.prepare(query);
    return (stmt.reader ? stmt.get(...args) : (stmt.run(...args), undefined)) as T | undefined;
  } finally {
    db.close();
  }
}

const HOMES = [
  ['admin', DEMO.admin],
  ['dealer', DEMO.dealer],
  ['promoter', DEMO.promoter],
  ['rider', DEMO.rider],
] as const;

for (const lang of ['en', 'fr'] as const) {
  const p = prefix(lang);
  describe(`foundation (${lang})`, () => {
    const once = onceIt(lang);
    // One browser, one user after the other: the rider through the form, the others by the fast
    // sign-in (the same form's answer).
    once('the demo users sign in and land on their own homes', async () => {
      const { context, page } = await newPage(browser());
      for (const [role, email] of HOMES) {
        await context.clearCookies();
        await (role === 'rider' ? loginThroughForm : login)(page, email, undefined, lang);
        expect(new URL(page.url()).pathname, role).toBe(`${p}/auth/${role}`);
        await page.getByTestId('sidebar').waitFor({ state: 'visible' });
        await expect(page.getByTestId('user-email').textContent(), role).resolves.toBe(email);
      }
      await context.close();
    });

    once(
      'a wrong-role path sends the user to their own home; a non-admin cannot start a proxy',
      async () => {
        const { context, page } = await newPage(browser());
        await signIn(page, DEMO.rider, undefined, lang);
        await page.goto(`${p}/auth/admin/riders`);
        expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider`);
        // The admin page's data cannot be fetched directly either.
        const data = await page.request.get(`${p}/auth/admin/riders.data`);
        expect([202, 204, 302, 403]).toContain(data.status());
        expect(await data.text()).not.toContain('adminHome');
        const proxy = await page.goto(`${p}/proxy-rider/1`);
        expect(proxy?.status()).toBe(403);
        await context.close();
      },
    );

    once('an unauthenticated visit to /auth goes to /login', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/auth/dealer/redemptions`);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${p}/login`);
      expect(url.searchParams.get('redirectTo')).toBe(`${p}/auth/dealer/redemptions`);
      await context.close();
    });

    // In French without JavaScript: the forms' document answers and the French mail.
    const javaScript = lang === 'en';
    it(`an unverified user is sent to e-mail verification and gets through with the code${javaScript ? '' : ', without JavaScript'}`, async () => {
      sql('UPDATE users SET email_verified = 0 WHERE email = ?', DEMO.unverified);
      const { context, page } = await newPage(browser(), { javaScript });
      await login(page, DEMO.unverified, undefined, lang);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/email-verify`);
      const before = mailsTo(DEMO.unverified).length;
      await page.locator('form:has(input[value="send"]) button[type="submit"]').click();
      await page.getByTestId('code-sent').waitFor();
      await page.waitForLoadState('load');
      const mail = await waitForMail(DEMO.unverified, before);
      expect(mail.subject).toBe(
        lang === 'fr' ? 'Votre code contingency cash' : 'Your contingency cash code',
      );
      // A wrong code is refused next to the field.
      await page
        .locator('input[name="code"]')
        .fill(codeIn(mail) === '000000' ? '111111' : '000000');
      await page.locator('form:has(input[value="verify"]) button[type="submit"]').click();
      await page.locator('#verify-code-code-error, [id$="code-error"]').first().waitFor();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/email-verify`);
      await page.locator('input[name="code"]').fill(codeIn(mail));
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/auth/rider`),
        page.locator('form:has(input[value="verify"]) button[type="submit"]').click(),
      ]);
      await context.close();
    });

    once('a rider with no valid bike is sent to the profile with redirect=vin', async () => {
      const { context, page } = await newPage(browser());
      await login(page, DEMO.noBike, undefined, lang);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${p}/auth/rider/profile`);
      expect(url.searchParams.get('redirect')).toBe('vin');
      await page.goto(`${p}/auth/rider/earnings`);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/rider/profile`);
      await context.close();
    });

    once('an admin proxies as a rider, sees the banner and removes the proxy', async () => {
      const rider = sql<{ id: number }>(
        'SELECT riders.id FROM riders JOIN users ON users.id = riders.user_id WHERE users.email = ?',
        DEMO.rider,
      );
      expect(rider?.id).toBeGreaterThan(0);
      const { context, page } = await newPage(browser());
      await signIn(page, DEMO.admin, undefined, lang);
      await page.goto(`${p}/proxy-rider/${rider!.id}`);
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/auth/rider`),
        page.getByTestId('proxy-start').click(),
      ]);
      await page.getByTestId('proxy-banner').waitFor({ state: 'visible' });
      await expect(page.getByTestId('user-email').textContent()).resolves.toBe(DEMO.rider);
      const audits = sql<{ n: number }>(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'proxy.start'",
      );
      expect(audits!.n).toBeGreaterThan(0);
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/auth/admin`),
        page.getByTestId('proxy-banner').locator('button[type="submit"]').click(),
      ]);
      expect(await page.getByTestId('proxy-banner').count()).toBe(0);
      await expect(page.getByTestId('user-email').textContent()).resolves.toBe(DEMO.admin);
      await context.close();
    });

    once('an unknown path shows the 404 page', async () => {
      const { context, page } = await newPage(browser());
      const res = await page.goto(`${p}/no-such-page`);
      expect(res?.status()).toBe(404);
      const text = await page.getByTestId('error-page').textContent();
      expect(text).toContain(lang === 'fr' ? 'Page introuvable.' : 'Page not found.');
      const other = await page.goto('/xx/events');
      expect(other?.status()).toBe(404);
      await context.close();
    });

    once('logout ends the session on the server', async () => {
      const { context, page } = await newPage(browser());
      await login(page, DEMO.dealer, undefined, lang);
      const cookies = await context.cookies();
      await page.getByTestId('user-menu').click();
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${p}/login`),
        page.getByTestId('logout').click(),
      ]);
      await page.goto(`${p}/auth/dealer`);
      expect(new URL(page.url()).pathname).toBe(`${p}/login`);
      // The old cookie is dead too: the session row is gone.
      const { context: replay, page: replayPage } = await newPage(browser());
      await replay.addCookies(cookies);
      await replayPage.goto(`${p}/auth/dealer`);
      expect(new URL(replayPage.url()).pathname).toBe(`${p}/login`);
      await replay.close();
      await context.close();
    });

    once('the language menu switches language and stores the cookie', async () => {
      const { context, page } = await newPage(browser());
      await page.goto(`${p}/about/overview`);
      const other = lang === 'en' ? 'fr' : 'en';
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${prefix(other)}/about/overview`),
        page.getByTestId(`lang-${other}`).first().click(),
      ]);
      expect(await page.locator('html').getAttribute('lang')).toBe(other);
      const cookie = (await context.cookies()).find((c) => c.name === 'lang');
      expect(cookie?.value).toBe(other);
      expect(cookie?.path).toBe('/');
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
      await context.close();
    });

    once('pages and forms work without JavaScript', async () => {
      const { context, page } = await newPage(browser(), { javaScript: false });
      await loginThroughForm(page, DEMO.admin, undefined, lang);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/admin`);
      await page.goto(`${p}/auth/admin/summary`);
      expect(new URL(page.url()).pathname).toBe(`${p}/auth/admin/summary`);
      await context.close();
    });
  });
}
