/**
 * Passkeys in the browser, in English with JavaScript only (a ceremony needs it; in French the
 * same code reads its words from the other locale file, and two-factor.test.ts reads the French
 * step-up messages), through Chromium's virtual authenticator (the
 * DevTools protocol's WebAuthn domain): a dealer adds a passkey from the security page, signs in
 * with it instead of a password, then removes it and it signs in no more.
 *
 * WebAuthn refuses an IP address as relying party: the pages are opened on `localhost` (the same
 * server as the other tests' 127.0.0.1), as a local trial is. A session whose last proof is old
 * confirms it is you with its passkey before it may add or remove one.
 */
import Database from 'better-sqlite3';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/twofactor.json';
import fr from '#locales/fr/twofactor.json';
import { makeStale, userCreate } from './accounts';
import {
  baseURL,
  databasePath,
  DEMO,
  signIn,
  newPage,
  prefix,
  settled,
  uniqueEmail,
  useBrowser,
} from './helpers';

const browser = useBrowser();
const PASSWORD = 'Strong-Pass-2026';
const words = { en, fr };

function createDealer(email: string) {
  return createUser(['--role', 'dealer', '--email', email, '--name', 'Passkey Motors']);
}

/** An admin as `npm run user:create` makes one: a second factor is required of it. */
function createAdmin(email: string) {
  return createUser([
    '--role',
    'admin',
    '--email',
    email,
    '--first-name',
    'Key',
    '--last-name',
    'Admin',
  ]);
}

function createUser(args: string[]) {
  return userCreate(args, PASSWORD);
}

/** The passkey events of an account in the audit log, oldest first. */
function passkeyEvents(email: string): string[] {
  const db = new Database(databasePath(), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT a.action FROM audit_log a JOIN users u ON u.id = a.entity_id
         WHERE u.email = ? AND a.action LIKE 'passkey.%' ORDER BY a.id`,
      )
      .all(email) as { action: string }[];
    return rows.map((r) => r.action);
  } finally {
    db.close();
  }
}

/** A context on localhost with a virtual platform authenticator that verifies the user. */
async function passkeyPage() {
  const url = new URL(baseURL());
  url.hostname = 'localhost';
  const context = await browser().newContext({ baseURL: url.origin, locale: 'en-US' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const count = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
  // Off, the authenticator leaves requests pending, as a user who has not touched it yet.
  const presence = (enabled: boolean) =>
    cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return { context, page, count, presence };
}

/**
 * Holds the login page's autofill offer at its first call, so that only the button's ceremony
 * reaches the authenticator (it answers whichever asks first). Resolves with the held call once
 * the page has made it, i.e. once the page has hydrated.
 */
async function holdAutofillOffer(page: Page): Promise<() => Promise<Route>> {
  let offer!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (offer = resolve));
  await page.route('**/api/passkey/sign-in', (route) => offer(route), { times: 1 });
  return () => held;
}

describe.each(['en'] as const)('passkeys (%s)', (lang) => {
  it('a dealer adds a passkey, signs in with it, removes it', async () => {
    const t = words[lang].passkeys;
    const email = uniqueEmail(`passkey-${lang}`);
    await createDealer(email);
    const { context, page, count } = await passkeyPage();
    const security = `${prefix(lang)}/auth/dealer/security`;
    // The dealer home rendered before the next goto: one sent while the sign-in's own document was
    // still on its way was left pending for good when that document committed.
    const atHome = () => page.locator('#today-title').waitFor();
    try {
      // Signed in with the password, the dealer adds a passkey from the security page.
      await page.goto(`${prefix(lang)}/login`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await Promise.all([
        page.waitForURL((u) => u.pathname.startsWith(`${prefix(lang)}/auth/dealer`)),
        page.locator('form button[type="submit"]').first().click(),
      ]);
      await atHome();
      await page.goto(security);
      await page.getByText(t.none).waitFor();
      await page.getByRole('button', { name: t.add }).click();
      await page.getByText(t.addedNow).waitFor();
      await expect.poll(() => page.getByTestId('passkey-list').locator('li').count()).toBe(1);
      expect(await count()).toBe(1);

      // Signed out, the passkey alone signs in (no password, no code): the browser's autofill
      // offer, answered by the authenticator as soon as the page has made it.
      await context.clearCookies();
      await page.goto(`${prefix(lang)}/login`);
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/dealer`);
      await atHome();

      // And the button, for browsers without the offer.
      await context.clearCookies();
      const offerHeld = await holdAutofillOffer(page);
      await page.goto(`${prefix(lang)}/login`);
      const held = await offerHeld();
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/dealer`),
        page.getByRole('button', { name: t.signIn }).click(),
      ]);
      await held.abort().catch(() => undefined);
      await atHome();
      await page.goto(security);
      await expect
        .poll(() => page.getByTestId('passkey-list').textContent())
        .toContain(t.lastUsed.split(' ')[0]);

      // Removed, it signs in no more. The add button shows once the page has hydrated: only then
      // does the remove button ask in a dialog (without JavaScript it opens the confirm page).
      await page.getByRole('button', { name: t.add }).waitFor();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: t.remove }).click();
      await page.getByText(t.removed).waitFor();
      await page.getByText(t.none).waitFor();
      await context.clearCookies();
      await page.goto(`${prefix(lang)}/login`);
      await settled(page);
      await page.getByRole('button', { name: t.signIn }).click();
      await page.getByRole('alert').filter({ hasText: t.failed }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login`);
      expect(passkeyEvents(email)).toEqual([
        'passkey.add',
        'passkey.signIn',
        'passkey.signIn',
        'passkey.remove',
      ]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('an old session confirms it is you with its passkey before adding or removing one; the page lists the events', async () => {
    const t = words[lang];
    const email = uniqueEmail(`passkey-stepup-${lang}`);
    await createDealer(email);
    const { context, page } = await passkeyPage();
    const security = `${prefix(lang)}/auth/dealer/security`;
    try {
      await page.goto(`${prefix(lang)}/login`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await Promise.all([
        page.waitForURL((u) => u.pathname.startsWith(`${prefix(lang)}/auth/dealer`)),
        page.locator('form button[type="submit"]').first().click(),
      ]);
      await page.locator('#today-title').waitFor();
      await page.goto(security);
      await page.getByRole('button', { name: t.passkeys.add }).click();
      await page.getByText(t.passkeys.addedNow).waitFor();

      // Old: adding another is refused, the page asks to confirm it is you.
      makeStale(email);
      await page.goto(security);
      await page.getByRole('button', { name: t.passkeys.add }).click();
      await page.getByRole('alert').filter({ hasText: t.stepUp.needed }).waitFor();
      // So is removing one (the page answers with the step-up form and why).
      const stepUpSection = page.locator('section:has(input[name="intent"][value="stepUp"])');
      expect(
        await stepUpSection.getByRole('alert').filter({ hasText: t.stepUp.needed }).count(),
      ).toBe(0);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: t.passkeys.remove }).click();
      await stepUpSection.getByRole('alert').filter({ hasText: t.stepUp.needed }).waitFor();
      await expect.poll(() => page.getByTestId('passkey-list').locator('li').count()).toBe(1);

      // The passkey itself is the proof.
      await page.getByRole('button', { name: t.stepUp.passkey }).click();
      await page.getByText(t.stepUp.fresh.split('{{')[0]!).waitFor();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: t.passkeys.remove }).click();
      await page.getByText(t.passkeys.none).waitFor();
      const kinds = await page
        .getByTestId('security-events')
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')));
      expect(kinds).toEqual(['passkeyRemoved', 'passkeyAdded']);
      await page.getByTestId('security-events').getByText(t.events.passkeyRemoved).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opened by IP address (where WebAuthn cannot work), the page says why instead of failing', async () => {
    const t = words[lang].passkeys;
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, DEMO.dealer, undefined, lang);
      await page.goto(`${prefix(lang)}/auth/dealer/security`);
      await page.getByText(t.ipAddress).waitFor();
      expect(await page.getByRole('button', { name: t.add }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a passkey is two factors for an admin: it ends the set-up, and the password alone no longer signs in', async () => {
    const t = words[lang].passkeys;
    const email = uniqueEmail(`passkey-admin-${lang}`);
    await createAdmin(email);
    const { context, page, presence } = await passkeyPage();
    const signInWithPassword = async () => {
      await page.goto(`${prefix(lang)}/login`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
    };
    try {
      await signInWithPassword();
      await page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin/security`);
      await page.getByRole('button', { name: t.add }).click();
      await page.getByText(t.addedNow).waitFor();
      // The set-up is done: admin pages open.
      await page.goto(`${prefix(lang)}/auth/admin/riders`);
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/auth/admin/riders`);

      // The password alone is one factor: refused, with the way in named.
      await context.clearCookies();
      await presence(false);
      await signInWithPassword();
      await page.getByText(words[lang].step.usePasskey).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login`);
      const offerHeld = await holdAutofillOffer(page);
      await page.goto(`${prefix(lang)}/auth/admin`);
      expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/login`);

      const held = await offerHeld();
      await presence(true);
      await Promise.all([
        page.waitForURL((u) => u.pathname === `${prefix(lang)}/auth/admin`),
        page.getByRole('button', { name: t.signIn }).click(),
      ]);
      await held.abort().catch(() => undefined);
    } finally {
      await context.close();
    }
  }, 120_000);
});
