/**
 * Passwords, PINs, names and mail, attacked over HTTP against the built server: the published
 * demo password and common passwords are refused on sign-up, reset and change; weak PINs are
 * refused with the reason the rider reads; a name carrying CR/LF is refused; a URL typed into a
 * rider's name is not a link in the HTML mail. (An account planted with the demo password on a
 * real install is locked, not a refused start: tests/e2e/startup.test.ts starts a real install
 * on such a database; tests/unit/server/first-run.test.ts holds the rule.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import enPin from '#locales/en/pinSafety.json';
import enValidation from '#locales/en/validation.json';
import frValidation from '#locales/fr/validation.json';
import { mailsTo } from '../e2e/helpers';
import { query } from './db';
import { DEMO, DEMO_PASSWORD, req, signIn, type Jar } from './http';

const STRONG = 'Gravel-Track-Ride-42';
const unique = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@riders.test`;

/** A complete adult registration (the public form's fields). */
function registration(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Casey',
    lastName: 'Rider',
    email: unique('sec-reg'),
    password: STRONG,
    confirmPassword: STRONG,
    dateOfBirth: '1990-05-01',
    sex: 'female',
    phone1: '555 123 4567',
    addressLine1: '1 Track Road',
    city: 'Austin',
    country: 'US',
    state: 'TX',
    zipcode: '78701',
    raceStyle: 'motocross',
    level: 'amateur',
    ...overrides,
  };
}

/** Text as React writes it into a page. */
const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const accountExists = (email: string) =>
  query<{ id: number }>('SELECT id FROM users WHERE email = ?', email).length > 0;

/** The value a page writes back into an input (empty string when none). */
function inputValue(page: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? '';
  return /value="([^"]*)"/.exec(tag)?.[1] ?? '';
}

describe('passwords on every path', () => {
  it('control: a registration with a strong password is accepted (the form’s shape is right)', async () => {
    const form = registration();
    const res = await req('/register', { form });
    expect(res.status).toBe(302);
    expect(accountExists(form.email)).toBe(true);
  });

  it('registration with the published demo password is refused next to the field; nothing is created; the rest is kept', async () => {
    const form = registration({ password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD });
    const res = await req('/register', { form });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(enValidation.passwordPublished));
    expect(inputValue(page, 'firstName')).toBe('Casey');
    expect(inputValue(page, 'email')).toBe(form.email);
    expect(inputValue(page, 'password')).toBe('');
    expect(accountExists(form.email)).toBe(false);
  });

  it('registration with a common password is refused, in French too', async () => {
    const form = registration({ password: 'Summer2024', confirmPassword: 'Summer2024' });
    const res = await req('/fr/register', { form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(frValidation.passwordWeak));
    expect(accountExists(form.email)).toBe(false);
  });

  it('a reset by code refuses a common password and leaves the code usable', async () => {
    const form = registration();
    expect((await req('/register', { form })).status).toBe(302);
    const before = mailsTo(form.email).length;
    expect((await req('/forgot-password', { form: { email: form.email } })).status).toBe(302);
    const mail = mailsTo(form.email).at(before);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const weak = await req('/forgot-password-reset', {
      form: { email: form.email, code, password: 'Welcome1', confirmPassword: 'Welcome1' },
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(html(enValidation.passwordWeak));
    const ok = await req('/forgot-password-reset', {
      form: {
        email: form.email,
        code,
        password: 'Another-Long-Ride-7',
        confirmPassword: 'Another-Long-Ride-7',
      },
    });
    expect(ok.status).toBe(302);
  });

  it('the password-change API refuses the demo password (400, the message names it)', async () => {
    const dealer = await signIn(DEMO.dealer);
    const res = await req('/api/dealer/dealer/change-password', {
      method: 'PUT',
      jar: dealer,
      json: {
        currentPassword: DEMO_PASSWORD,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(enValidation.passwordPublished);
  });
});

describe('the profile pages’ password forms', () => {
  it.each(['admin', 'dealer', 'promoter', 'rider'] as const)(
    "the %s's profile refuses a common password next to the field (400, not a server error)",
    async (role) => {
      const jar = await signIn(DEMO[role]);
      const res = await req(`/auth/${role}/profile`, {
        jar,
        form: {
          intent: 'password',
          currentPassword: DEMO_PASSWORD,
          password: 'password1234',
          confirmPassword: 'password1234',
        },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(html(enValidation.passwordWeak));
      // Still the demo password: nothing was changed.
      expect((await signIn(DEMO[role])).size).toBeGreaterThan(0);
    },
  );
});

describe('weak PINs are refused with their reason', () => {
  let rider: Jar;
  const pinHash = () =>
    query<{ pin_hash: string | null }>(
      'SELECT r.pin_hash FROM riders r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      DEMO.pro,
    )[0]?.pin_hash;
  beforeAll(async () => {
    rider = await signIn(DEMO.pro);
  });

  it.each([
    ['1225', 'date'],
    ['3112', 'date'],
    ['2580', 'keypad'],
    ['8520', 'keypad'],
    ['2468', 'sequence'],
    ['9630', 'sequence'],
  ] as const)('PIN %s is refused as a %s; the stored PIN is unchanged', async (pin, reason) => {
    const before = pinHash();
    const res = await req('/auth/rider/profile', {
      jar: rider,
      form: { intent: 'pin', currentSecret: DEMO_PASSWORD, pin, confirmPin: pin },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(enPin.weak[reason]));
    expect(pinHash()).toBe(before);
  });
});

describe('names and mail', () => {
  it('a name carrying CR/LF is refused next to the field and nothing is stored', async () => {
    const form = registration({ firstName: 'Ann\r\nBcc: victim@example.com' });
    const res = await req('/register', { form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(enValidation.controlChars));
    expect(accountExists(form.email)).toBe(false);
  });

  it('a rider name holding a URL is not a link in the HTML mail; our own link is', async () => {
    const admin = await signIn(DEMO.admin);
    const email = unique('sec-link');
    const res = await req('/auth/admin/rider', {
      jar: admin,
      form: {
        firstName: 'Win at http://evil.example/claim',
        lastName: 'Rider',
        email,
        level: 'amateur',
        country: 'US',
        phone1: '555 123 4567',
        dateOfBirth: '1990-05-01',
        lang: 'en',
      },
    });
    expect(res.status).toBe(302);
    const mail = mailsTo(email).at(-1);
    expect(mail?.text).toContain('http://evil.example/claim');
    expect(mail?.html).toContain('http://evil.example/claim');
    expect(mail?.html).not.toMatch(/href="http:\/\/evil\.example/);
    // Mailed links come from PUBLIC_URL (http://localhost:<port> here).
    expect(mail?.html).toMatch(/<a href="http:\/\/localhost:\d+\/invitation\?/);
  });
});
