/**
 * Browser-test helpers: one Chromium per test worker, a fresh context per test, sign-in, the mail
 * outbox. The servers were started by global-setup.ts (one per test worker).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, it, type TestFunction } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '#db/seed-accounts';
import { testServer } from './server';

export { DEMO, DEMO_PASSWORD };
export const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');

export function baseURL(): string {
  return testServer().baseURL;
}
export function databasePath(): string {
  return testServer().databasePath;
}
export function outboxDir(): string {
  return testServer().outboxDir;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One Chromium per test worker, launched by the first file that asks: a worker's files share one
 * module graph (isolate: false), and a launch per file was seconds of the suite's CPU. Each file
 * closes the contexts it opened when it ends, so the next file starts from a browser with none.
 * Playwright closes the browser itself when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

function launchBrowser(): Promise<Browser> {
  workerBrowser ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return workerBrowser;
}

/** The worker's Chromium for this file's tests (its contexts closed after them); returns a getter. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A browser that died with an earlier file is launched anew.
    if (!browser.isConnected()) {
      workerBrowser = undefined;
      browser = await launchBrowser();
    }
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
  });
  return () => {
    if (!browser) throw new Error('browser not started');
    return browser;
  };
}

/** A new isolated context and page; `javaScript: false` checks a flow works without JS. */
export async function newPage(
  browser: Browser,
  opts: { javaScript?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: opts.javaScript ?? true,
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (opts.javaScript ?? true) hydrateAfterGoto(page);
  else withoutJavaScript.add(page);
  return { context, page };
}

/** The pages opened with JavaScript off: no hydration or client router to wait for. */
const withoutJavaScript = new WeakSet<Page>();

/**
 * With JavaScript on, every page a test opens is left to hydrate before `goto` returns: a click
 * before that submits a form as a document form (or is lost), a race the test did not mean to run.
 */
function hydrateAfterGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url: string, options?: Parameters<Page['goto']>[1]) => {
    const response = await goto(url, options);
    const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
    if (html && (options?.waitUntil ?? 'load') === 'load') await hydrated(page);
    return response;
  };
}

/**
 * `it` for a test of a loop over the languages whose path is the same in both: no French text,
 * number, message or form answer of its own to check. It is declared for English only, so the
 * loop runs it once; a test that reads French keeps `it`.
 */
export function onceIt(lang: 'en' | 'fr') {
  return (name: string, fn: TestFunction, timeout?: number) => {
    if (lang === 'en') it(name, fn, timeout);
  };
}

/** Prefix for a language ('' for English, '/fr' for French). */
export function prefix(lang: 'en' | 'fr'): string {
  return lang === 'fr' ? '/fr' : '';
}

/**
 * Signs in through the login form (in the given language) and waits to leave /login. The form
 * itself is under test here; a test that only needs a signed-in page uses `login`.
 */
export async function loginThroughForm(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  lang: 'en' | 'fr' = 'en',
) {
  await page.goto(`${prefix(lang)}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/login')),
    page.locator('form button[type="submit"]').last().click(),
  ]);
  // With JavaScript the URL changes before the new page has rendered: let it settle.
  await settled(page);
}

/**
 * Signs in (in the given language) and opens the page the sign-in answers with: the role's home,
 * or the second step's page. The form is posted from the page's own cookie jar rather than typed
 * into: loading and hydrating the sign-in page, then waiting for the network to fall quiet, cost
 * each test about a second, and `loginThroughForm` walks the form where it is what is tested.
 */
export async function login(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  lang: 'en' | 'fr' = 'en',
) {
  await page.goto(await signIn(page, email, password, lang));
}

/**
 * Signs in (the session cookie lands in the page's context) without opening the page the sign-in
 * answers with, which it returns: for a test whose next step opens another page anyway.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  lang: 'en' | 'fr' = 'en',
): Promise<string> {
  const res = await page.request.post(`${prefix(lang)}/login`, {
    form: { email, password, redirectTo: '' },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  const to = res.headers()['location'];
  if (res.status() !== 302 || !to)
    throw new Error(
      `sign-in of ${email} answered ${res.status()}: ${(await res.text()).slice(0, 200)}`,
    );
  return to;
}

/**
 * Waits for React to have hydrated the page (`<html data-hydrated>`): before that a click submits
 * a form as a document form, or is lost, and a test of the JavaScript path must not act yet.
 */
async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Waits until the page shown is the whole answer: the document and its images loaded, and with
 * JavaScript (without it, `load` is the whole answer), React hydrated, the client router idle (no navigation, revalidation or fetcher under
 * way) and its render painted. Waiting for the network to fall quiet instead costs at least half a
 * second a page and also waits for what does not change the page (translations fetched when idle).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  if (!withoutJavaScript.has(page)) {
    await hydrated(page);
    await page.waitForFunction(() => {
      type State = { state: string };
      const router = (
        window as unknown as {
          __remixRouter?: {
            state: { navigation: State; revalidation: string; fetchers: Map<string, State> };
          };
        }
      ).__remixRouter;
      if (!router) return false;
      const { navigation, revalidation, fetchers } = router.state;
      return (
        navigation.state === 'idle' &&
        revalidation === 'idle' &&
        [...fetchers.values()].every((f) => f.state === 'idle')
      );
    });
    // The router's state changes before React commits what it loaded: let one frame render.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    // Images a client-side render added (a report's chart) load after the document did. The one
    // lazy chunk, the dealer finder's map, is not drawn here: the test servers have no maps key.
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  }
}

/**
 * Clicks a submit button of a page without JavaScript and waits for the answer's document to
 * load (`waitForLoadState` alone is satisfied at once by the page being left).
 */
export async function submitDocument(page: Page, button: Locator): Promise<void> {
  await Promise.all([
    page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() }),
    button.click(),
  ]);
  await page.waitForLoadState('load');
}

/**
 * Waits for the toast holding `text` (shown after a redirect), then for the page to finish
 * loading: without JavaScript the page is a streamed document, and the toast near its top can
 * show before the rest of the page has arrived.
 */
export async function toastShown(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.waitFor();
  await page.waitForLoadState('load');
  return ((await toast.textContent()) ?? '').trim();
}

export type OutboxMail = { to: string; subject: string; text: string; html?: string; file: string };

/** Every mail written to the outbox for an address, oldest first. */
export function mailsTo(address: string): OutboxMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail),
      file: f,
    }))
    .filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

/** Waits for a new mail to an address (newer than `after` mails) and returns it. */
export async function waitForMail(
  address: string,
  after = 0,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const start = Date.now();
  for (;;) {
    const all = mailsTo(address);
    if (all.length > after) return all[all.length - 1];
    if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code in a mail. */
export function codeIn(mail: OutboxMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}

/** A unique e-mail address for a test. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/**
 * Takes back the wrong PINs a test typed since `since` (ISO): five within 15 minutes lock the demo
 * rider, and other browser tests redeem with that rider on the same server.
 */
export function forgetWrongPins(riderId: number, since: string) {
  const db = new Database(databasePath());
  try {
    db.prepare(
      'DELETE FROM pin_attempts WHERE rider_id = ? AND success = 0 AND created_at >= ?',
    ).run(riderId, since);
  } finally {
    db.close();
  }
}
