/**
 * WCAG 2.2 A/AA on every page of every role (public, rider, dealer, promoter, admin), in English
 * and French, at 1280 and 390 px (colour contrast once per page: see axeProblems): axe-core finds
 * no serious or critical violation, and each page has a title of its own. On the same visit, at
 * 320 CSS px the page does not scroll sideways (reflow), and the first thing Tab reaches is the
 * skip link to the main landmark. One browser; a few signed-in tabs per role take the pages in
 * turn. The pages only a step reaches (a sign-in's code, an unverified sign-in, a held upload's
 * mapping, an invitation link, the no-JS question, changes waiting for a second admin, an
 * authenticator being set up) are scanned by the last test, which takes each step first. The
 * French visits also keep each page's text, which the French test of each role then reads against
 * docs/glossary.md (tests/e2e/french-text.ts), so the French pages are checked for both without a
 * second walk.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '~/db.server';
import { stepAt, totpCode } from '~/services/auth/totp.server';
import { createAccount } from '~/services/people/users.server';
import { pagesFor, type Role } from './a11y-pages';
import { axeViolations, serious, WCAG_AA } from './axe';
import { writeDb } from './db-write';
import { frenchPageProblems, pageText, typedValues, type PageText } from './french-text';
import {
  databasePath,
  DEMO,
  DEMO_PASSWORD,
  newPage,
  prefix,
  settled,
  signIn,
  uniqueEmail,
  waitForMail,
} from './helpers';

const TIMING = path.resolve(process.cwd(), 'tests/fixtures/timing');
/** Pages scanned side by side, each in its own signed-in tab. */
const TABS = 3;

/**
 * axe with the WCAG A/AA tags, plus 2.5.3 "label in name" (experimental in axe, so off unless
 * asked for). Contrast, most of a scan's time on long pages, is checked once per page: colours
 * come from the same classes at every width and in both languages, so it runs at 1280 px on the
 * English page only.
 */
async function axeProblems(page: Page, where: string, contrast = true): Promise<string[]> {
  const violations = await axeViolations(page, {
    runOnly: { type: 'tag', values: WCAG_AA },
    rules: {
      'label-content-name-mismatch': { enabled: true },
      ...(contrast ? {} : { 'color-contrast': { enabled: false } }),
    },
  });
  return serious(violations).map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) — ${v.count} node(s): ` +
      v.nodes.map((n) => n.target).join(' | '),
  );
}

/** Visits one page and checks it (below); returns the problems. */
async function checkPage(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const res = await page.goto(path);
  const status = res?.status() ?? 0;
  // The catch-all page answers 404 on purpose; anything else must load.
  const found = status >= 400 && !path.endsWith('/no-such-page') ? [`${path}: HTTP ${status}`] : [];
  return [...found, ...(await checkHere(page, path))];
}

/**
 * Scans the page as it is (also a page reached by a form's answer) at both widths and checks
 * reflow and the skip link; returns the problems.
 */
async function checkHere(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  // The whole page, lazy parts included: axe must not scan a page still being rendered.
  await settled(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  found.push(...(await axeProblems(page, `${where} @1280`, !where.startsWith('/fr'))));
  await page.setViewportSize({ width: 390, height: 844 });
  found.push(...(await axeProblems(page, `${where} @390`, false)));
  await page.setViewportSize({ width: 320, height: 640 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  if (widths.scroll > widths.inner)
    found.push(`${where} @320: scrolls sideways (${widths.scroll} px > ${widths.inner} px)`);
  const skip = await page.evaluate(() => {
    const a = document.querySelector<HTMLAnchorElement>('a[data-skip-link]');
    const main = document.querySelector('main');
    return {
      ok: !!a && !!main && a.hash === `#${main.id}` && main.tabIndex === -1,
      first:
        !!a && document.body.querySelector('a[href],button,input,select,textarea,summary') === a,
    };
  });
  if (!skip.ok) found.push(`${where}: no skip link to the main landmark`);
  else if (!skip.first) found.push(`${where}: the skip link is not the first focusable element`);
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

/**
 * A page's title names it, « {page} – contingency cash », and no other page of the role has the
 * same (the same page with another query may). `named`: title → page, across the role's pages.
 */
function titleProblems(named: Map<string, string>, path: string, title: string): string[] {
  const page = title.endsWith(' – contingency cash') ? title.slice(0, -19).trim() : '';
  if (!page) return [`${path}: the title does not name the page (« ${title} »)`];
  const other = named.get(title);
  named.set(title, path);
  return other && other !== path ? [`${path}: same title as ${other} (« ${title} »)`] : [];
}

const ACCOUNT: Record<Exclude<Role, 'public'>, string> = {
  rider: DEMO.rider,
  dealer: DEMO.dealer,
  promoter: DEMO.promoter,
  admin: DEMO.admin,
};

/** Each French page's text as the sweep read it, by role, for the French checks further down. */
const frenchTexts = new Map<Role, { path: string; read: PageText }[]>();

/** A past event of a promoter with the classes the timing fixture races in. */
function timingEvent(promoterId: number, title: string): number {
  return writeDb((db) => {
    const q = (s: string, ...a: unknown[]) => db.prepare(s).get(...a) as { id: number };
    const ev = q(
      "INSERT INTO events (title, date, promoter_id) VALUES (?, date('now', '-3 days'), ?) RETURNING id",
      title,
      promoterId,
    );
    const cls = q(
      "INSERT INTO event_classes (event_id, name, payout_type) VALUES (?, '450 A', 'dealerCredit') RETURNING id",
      ev.id,
    );
    db.prepare('INSERT INTO class_places (class_id, place, amount_cents) VALUES (?, 1, 10000)').run(
      cls.id,
    );
    return ev.id;
  });
}

/** Uploads a one-class export with a place written twice: the upload stops at the mapping step. */
async function holdTimingUpload(page: Page, eventPath: string): Promise<string> {
  await page.goto(eventPath);
  await page.locator('input[name="shape"][value="upload-class-result"]').check();
  await page.locator('#results-class').selectOption({ label: '450 A' });
  await page
    .locator('#results-file')
    .setInputFiles(path.join(TIMING, 'live-timing-active-out.csv'));
  await page.locator('[data-testid="results-upload-form"] button[type="submit"]').click();
  await page.waitForURL(/\/timing\/[A-Za-z0-9_-]{43}$/, { timeout: 30_000 });
  return new URL(page.url()).pathname;
}

/** The stepped pages of tests/e2e/a11y-page-list.ts (STEPPED_PAGES), each reached as a user does. */
async function steppedPages(browser: () => Browser, lang: 'en' | 'fr'): Promise<string[]> {
  const p = prefix(lang);
  const found: string[] = [];
  const tag = `${lang}-${Date.now()}`;
  const db = openDb(databasePath());
  try {
    // A signed-in account whose address is not verified yet is sent to verify it.
    {
      const { context, page } = await newPage(browser());
      await signIn(page, DEMO.unverified, undefined, lang);
      found.push(...(await checkPage(page, `${p}/auth/email-verify`)));
      await context.close();
    }

    // The authenticator: off, being set up, the recovery codes shown once, on (with a passkey);
    // then the sign-in's code step, with a wrong code.
    {
      const email = uniqueEmail(`a11y-2fa-${lang}`);
      await createAccount(db, {
        role: 'admin',
        email,
        password: DEMO_PASSWORD,
        emailVerified: true,
        firstName: 'Ada',
        lastName: 'Sweep',
      });
      const { context, page } = await newPage(browser());
      await signIn(page, email, DEMO_PASSWORD, lang);
      const security = `${p}/auth/admin/security`;
      found.push(...(await checkPage(page, security)));
      await page.locator('form:has(input[name="intent"][value="begin"]) button').click();
      await page.getByTestId('totp-secret').waitFor();
      found.push(...(await checkHere(page, `${security} (setting up)`)));
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
      await page.locator('input[name="code"]').fill(totpCode(secret, stepAt(Date.now())));
      await page
        .locator('form:has(input[name="intent"][value="confirm"]) button[type="submit"]')
        .click();
      await page.getByTestId('recovery-codes').waitFor();
      found.push(...(await checkHere(page, `${security} (recovery codes)`)));
      // A passkey in the list (adding one needs an authenticator the test browser lacks).
      writeDb((w) =>
        w
          .prepare(
            `INSERT INTO passkeys (id, user_id, public_key, last_used_at)
             SELECT ?, id, 'sweep', strftime('%Y-%m-%dT%H:%M:%fZ','now') FROM users WHERE email = ?`,
          )
          .run(`sweep-${tag}`, email),
      );
      found.push(...(await checkPage(page, `${security}`)));
      expect(await page.getByTestId('passkey-list').locator('li').count()).toBe(1);

      await context.clearCookies();
      await page.goto(`${p}/login`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
      await page.waitForURL((u) => u.pathname === `${p}/login-code`);
      // The URL changes before the step renders: scan it, not the sign-in page still shown.
      await page.locator('input[name="code"]').waitFor();
      found.push(...(await checkHere(page, `${p}/login-code`)));
      await page.locator('input[name="code"]').fill('000000');
      await page.locator('form button[type="submit"]').first().click();
      await expect
        .poll(() => page.locator('input[name="code"]').getAttribute('aria-invalid'))
        .toBe('true');
      found.push(...(await checkHere(page, `${p}/login-code (wrong code)`)));
      await context.close();
    }

    // A results file held for its mapping step, on the promoter's page and on the admin's.
    {
      const email = uniqueEmail(`a11y-timing-${lang}`);
      const acct = await createAccount(db, {
        role: 'promoter',
        email,
        password: DEMO_PASSWORD,
        emailVerified: true,
        firstName: 'Tim',
        lastName: 'Sweep',
        name: `Sweep Timing ${tag}`,
      });
      const eventId = timingEvent(acct.profileId, `Sweep timing ${tag}`);
      const promoter = await newPage(browser());
      await signIn(promoter.page, email, DEMO_PASSWORD, lang);
      const step = await holdTimingUpload(promoter.page, `${p}/auth/promoter/event/${eventId}`);
      found.push(...(await checkPage(promoter.page, step)));
      await promoter.context.close();

      const admin = await newPage(browser());
      await signIn(admin.page, DEMO.admin, undefined, lang);
      const adminStep = await holdTimingUpload(admin.page, `${p}/auth/admin/event/${eventId}`);
      found.push(...(await checkPage(admin.page, adminStep)));

      // Money changes waiting for a second admin, and one decided.
      const ids = writeDb((w) => {
        const row = (s: string, ...a: unknown[]) => w.prepare(s).get(...a) as { id: number };
        const by = row('SELECT id FROM users WHERE email = ?', DEMO.promoter).id;
        const result = row('SELECT id, event_id FROM results ORDER BY id LIMIT 1') as {
          id: number;
          event_id: number;
        };
        const add = w.prepare(
          `INSERT INTO pending_money_changes (kind, status, amount_cents, limit_name, event_id,
             result_id, note, entered_by_user_id, decided_by_user_id, decided_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        );
        const admin = row('SELECT id FROM users WHERE email = ?', DEMO.admin).id;
        return [
          add.get(
            'bonus',
            'pending',
            250000,
            'perResult',
            result.event_id,
            result.id,
            'Sweep',
            by,
            null,
            null,
          ),
          add.get(
            'bonus',
            'refused',
            90000,
            'perEvent',
            result.event_id,
            result.id,
            'Sweep',
            by,
            admin,
            new Date().toISOString(),
          ),
        ].map((r) => (r as { id: number }).id);
      });
      try {
        found.push(...(await checkPage(admin.page, `${p}/auth/admin/approvals`)));
      } finally {
        writeDb((w) =>
          w.prepare('DELETE FROM pending_money_changes WHERE id IN (?, ?)').run(...ids),
        );
      }

      // Without JavaScript a destructive button first asks on /confirm: the question page.
      await admin.page.goto(`${p}/auth/admin/riders`);
      await admin.page.evaluate(
        ({ action, to }) => {
          const form = document.createElement('form');
          form.method = 'post';
          form.action = action;
          const fields: Record<string, string> = {
            _confirmTo: to,
            _confirmMessage: 'completion:confirm.title',
            _confirmValues: '{}',
            intent: 'delete',
          };
          for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement('input');
            input.type = 'hidden';
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        { action: `${p}/confirm`, to: `${p}/auth/admin/riders` },
      );
      await admin.page.getByTestId('confirm-page').waitFor();
      found.push(...(await checkHere(admin.page, `${p}/confirm (posted)`)));

      // A rider the admin adds gets an invitation: its link opens the page to choose a password.
      const invited = uniqueEmail(`a11y-invite-${lang}`);
      await admin.page.goto(`${p}/auth/admin/rider`);
      const form = admin.page.getByTestId('add-rider-form');
      await form.locator('input[name="firstName"]').fill('Ines');
      await form.locator('input[name="lastName"]').fill('Sweep');
      await form.locator('input[name="email"]').fill(invited);
      await form.locator('input[name="phone1"]').fill('514-555-0142');
      await form.locator('select[name="level"]').selectOption('amateur');
      await form.locator('select[name="country"]').selectOption('CA');
      await form.locator('input[name="dateOfBirth"]').fill('1998-03-09');
      await form.locator('button[type="submit"]').last().click();
      await admin.page.waitForURL(/\/auth\/admin\/rider\/\d+$/);
      const link = /http\S+\/invitation\?\S+/.exec((await waitForMail(invited)).text)?.[0];
      await admin.context.close();
      expect(link).toBeTruthy();
      const visitor = await newPage(browser());
      const url = new URL(link!);
      found.push(...(await checkPage(visitor.page, `${url.pathname}${url.search}`)));
      await visitor.context.close();
    }
  } finally {
    db.$client.close();
  }
  return found;
}

/**
 * The sweep of these roles' pages in both languages, then the French read of what it saw: one
 * test file per group of roles, so that the sweep's long walks run side by side in the workers.
 */
export function sweepRoles(browser: () => Browser, roles: readonly Role[]): void {
  describe('accessibility of every page (axe at 1280 and 390 px, reflow at 320 px)', () => {
    for (const role of roles) {
      for (const lang of ['en', 'fr'] as const) {
        it(`${role} (${lang}): no serious or critical violation, no sideways scroll, a skip link`, async () => {
          const paths = pagesFor(role);
          const titles: { path: string; title: string }[] = [];
          const found: string[] = [];
          const texts: { path: string; read: PageText }[] = [];
          if (lang === 'fr') frenchTexts.set(role, texts);
          // A few signed-in tabs take the pages in turn: much of a visit is waiting for the server
          // and the browser, which tabs can do side by side.
          let next = 0;
          const tab = async () => {
            const { context, page } = await newPage(browser());
            try {
              if (role !== 'public') await signIn(page, ACCOUNT[role], undefined, lang);
              for (let i = next++; i < paths.length; i = next++) {
                const path = `${prefix(lang)}${paths[i]}`;
                found.push(...(await checkPage(page, path)));
                titles[i] = { path: paths[i]!.split('?')[0]!, title: await page.title() };
                if (lang === 'fr') texts.push({ path, read: await pageText(page) });
              }
            } finally {
              await context.close();
            }
          };
          await Promise.all(Array.from({ length: Math.min(TABS, paths.length) }, tab));
          const named = new Map<string, string>();
          for (const t of titles) found.push(...titleProblems(named, t.path, t.title));
          expect(found).toEqual([]);
        }, 900_000);
      }
    }
  });

  describe('French on every page (glossary and typography), as the sweep read it', () => {
    for (const role of roles) {
      it(`${role} (fr): French typography, no word the glossary rules out`, () => {
        const texts = frenchTexts.get(role) ?? [];
        // The pages are those of the role's French sweep above: without it there is nothing to read.
        expect(texts.length, `pages the ${role} (fr) sweep read`).toBe(pagesFor(role).length);
        const typed = typedValues(databasePath());
        const found = texts.flatMap((t) => frenchPageProblems(t.path, t.read, typed));
        expect(found).toEqual([]);
      });
    }
  });
}

/** The pages only a step reaches, in both languages (after the roles of the same file). */
export function sweepSteppedPages(browser: () => Browser): void {
  describe('accessibility of the pages reached through a step', () => {
    for (const lang of ['en', 'fr'] as const) {
      it(`stepped pages (${lang}): no serious or critical violation, no sideways scroll, a skip link`, async () => {
        expect(await steppedPages(browser, lang)).toEqual([]);
      }, 600_000);
    }
  });
}
