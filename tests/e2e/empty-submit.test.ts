/**
 * An empty submit with JavaScript on shows every field's message and the error summary on the
 * first click, on /login and /register (in English: the check reads no words); on /register the
 * password mismatch shows together with the other field errors, in English with JavaScript and in
 * French without it (the server's answer, and the message's French).
 */
import { describe, expect, it } from 'vitest';
import { newPage, prefix, settled, useBrowser } from './helpers';

const getBrowser = useBrowser();

const CASES = [
  { path: '/login', form: 'form#login', fields: ['email', 'password'] },
  {
    path: '/register',
    form: 'form#register',
    fields: ['firstName', 'lastName', 'email', 'password'],
  },
] as const;

describe('empty submit with JavaScript', () => {
  for (const lang of ['en'] as const) {
    for (const c of CASES) {
      it(`${c.path} shows every message and the summary (${lang})`, async () => {
        const { context, page } = await newPage(getBrowser());
        try {
          await page.goto(`${prefix(lang)}${c.path}`);
          await page.waitForFunction(
            () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
          );
          await settled(page);
          let posted = false;
          page.on('request', (r) => {
            if (r.method() === 'POST') posted = true;
          });
          await page.locator(`${c.form} button[type="submit"]`).click();
          await page.getByTestId('error-summary').locator('li').first().waitFor({ timeout: 3000 });
          for (const name of c.fields) {
            const input = page.locator(`${c.form} [name="${name}"]`);
            await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
          }
          expect(
            await page.getByTestId('error-summary').locator('li').count(),
          ).toBeGreaterThanOrEqual(c.fields.length);
          expect(posted).toBe(false);
        } finally {
          await context.close();
        }
      });
    }
  }
});

const MISMATCH = {
  en: 'Both password inputs must be the same',
  fr: 'Les deux mots de passe doivent être identiques',
} as const;

describe('register: the password mismatch shows with the other errors on the first submit', () => {
  for (const [lang, javaScript] of [
    ['en', true],
    ['fr', false],
  ] as const) {
    it(`${lang}, ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
      const { context, page } = await newPage(getBrowser(), { javaScript });
      try {
        await page.goto(`${prefix(lang)}/register`);
        if (javaScript) {
          await page.waitForFunction(
            () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
          );
          await settled(page);
        }
        // Only the two passwords, and they differ: every other required field is empty.
        await page.locator('form#register [name="password"]').fill('Password123');
        await page.locator('form#register [name="confirmPassword"]').fill('Different123');
        await page.locator('form#register button[type="submit"]').click();
        await page.getByTestId('error-summary').locator('li').first().waitFor();
        const confirm = page.locator('form#register [name="confirmPassword"]');
        await expect(confirm.getAttribute('aria-invalid')).resolves.toBe('true');
        const describedBy = ((await confirm.getAttribute('aria-describedby')) ?? '').split(/\s+/);
        const messages = await Promise.all(
          describedBy.filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(messages.join(' ')).toContain(MISMATCH[lang]);
        for (const name of ['firstName', 'lastName', 'email']) {
          const input = page.locator(`form#register [name="${name}"]`);
          await expect(input.getAttribute('aria-invalid'), name).resolves.toBe('true');
        }
      } finally {
        await context.close();
      }
    });
  }
});
