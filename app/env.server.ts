/**
 * Environment, parsed once at start-up by a zod schema: the server refuses to start with a bad
 * configuration and names the variable. Nothing is required: every value has a working default.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadEnvFile } from '../scripts/env-file.mjs';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default('data/app.db'),
  MAIL_OUTBOX: z.string().min(1).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('contingency cash <no-reply@contingency.cash>'),
  SESSION_SECRET: z.string().min(16).optional(),
  PIN_SECRET: z.string().min(16).optional(),
  TOTP_ENCRYPTION_KEY: z.string().min(16).optional(),
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  ADMIN_NOTIFY_EMAIL: z.string().email().optional(),
  DISABLE_JOBS: z.enum(['true', 'false']).optional(),
  /** false: an empty database starts empty (no demo accounts); default true (a fresh clone's demo). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** The site's public address (scheme, host, port): every absolute link in mail is built from it. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Free space (MB) the data folder must have for /readyz to answer ready. */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).default(200),
  /** How long a public page cached for anonymous visitors is served at most (ms; 0: cache none). */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  REPORTS_KEPT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** SQLite's page cache per connection (MB); 16 is what better-sqlite3's build of SQLite uses. */
  SQLITE_CACHE_MB: z.coerce.number().int().min(2).max(1024).default(8),
  /** How many days the link of an admin's invitation to a new rider stays valid (single use). */
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  TAX_1099_THRESHOLD: z.coerce.number().nonnegative().max(1_000_000).optional(), // dollars, every year
  /**
   * Hard ceilings on the money limits (cents), set on the server so no pair of admins can lift
   * them: every limit but the yearly one, and any single held amount approved.
   */
  MONEY_LIMIT_CEILING_CENTS: z.coerce.number().int().positive().max(1e13).default(25_000_000),
  /** The ceiling of the per-program-year bonus limit (cents). */
  MONEY_YEAR_LIMIT_CEILING_CENTS: z.coerce.number().int().positive().max(1e13).default(500_000_000),
});

/** The value each variable with a default takes when it is not set (.env.example writes them). */
export function envDefaults(): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(schema.parse({})).filter(([, v]) => v !== undefined),
  ) as Record<string, string | number>;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

function load() {
  // The operator's `.env`, when there is one (tests set their own environment).
  if (process.env.NODE_ENV !== 'test') loadEnvFile();
  const parsed = schema.safeParse(emptyToUndefined(process.env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.dirname(path.resolve(e.DATABASE_PATH));
  return {
    ...e,
    DATA_DIR: dataDir,
    DATABASE_PATH: path.resolve(e.DATABASE_PATH),
    MAIL_OUTBOX: path.resolve(e.MAIL_OUTBOX ?? path.join(dataDir, 'outbox')),
    UPLOAD_DIR: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    BACKUP_DIR: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    SECURE_COOKIES: e.SECURE_COOKIES ? e.SECURE_COOKIES === 'true' : e.NODE_ENV === 'production',
    /**
     * A real install (PUBLIC_URL set, or SEED_DEMO=false): never seeded with the demo, and it
     * locks at start the accounts that have a published demo password. Else a local trial.
     */
    REAL_INSTALL: e.PUBLIC_URL !== undefined || e.SEED_DEMO === 'false',
    PUBLIC_URL: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    /** PUBLIC_URL was given (a real install, not a local trial on localhost). */
    PUBLIC_URL_SET: e.PUBLIC_URL !== undefined,
  };
}

export type Env = ReturnType<typeof load>;
let cached: Env | undefined;

/** The parsed environment (throws a readable error naming every bad variable). */
export function env(): Env {
  cached ??= load();
  return cached;
}

/** A server secret: the variable's value, else one generated on first start and stored in the data folder. */
function storedSecret(value: string | undefined, fileName: string): string {
  if (value) return value;
  const e = env();
  const file = path.join(e.DATA_DIR, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(e.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Our public origin (`PUBLIC_URL`, default http://localhost:$PORT): never the request's Host. */
export function publicOrigin(): string {
  return env().PUBLIC_URL;
}

/** An absolute link to a site path, built from PUBLIC_URL (for mail). */
export function absoluteUrl(pathAndQuery: string): string {
  return new URL(pathAndQuery, publicOrigin()).toString();
}

/** Session secret: SESSION_SECRET, else one generated on first start and stored in the data folder. */
export function sessionSecret(): string {
  return storedSecret(env().SESSION_SECRET, 'session-secret');
}

let pinKey: string | undefined;
/**
 * The key of the riders' PIN HMAC: PIN_SECRET, else `data/pin-secret` (generated on first start).
 * Its own secret, so rotating the session secret does not invalidate every PIN. Back it up with
 * the database: without it no stored PIN matches (riders would have to set a new one).
 */
export function pinSecret(): string {
  pinKey ??= storedSecret(env().PIN_SECRET, 'pin-secret');
  return pinKey;
}

let totpKey: string | undefined;
/**
 * The key the TOTP secrets are encrypted with: TOTP_ENCRYPTION_KEY, else `data/totp-key`
 * (generated on first start). Its own secret, like the PIN key: back it up apart from the
 * database; without it no authenticator code matches (recovery codes and the admin reset remain).
 */
export function totpEncryptionSecret(): string {
  totpKey ??= storedSecret(env().TOTP_ENCRYPTION_KEY, 'totp-key');
  return totpKey;
}

/** Values safe to send to the browser (whitelist). */
export function publicEnv() {
  const e = env();
  return {
    GOOGLE_MAPS_API_KEY: e.GOOGLE_MAPS_API_KEY ?? null,
    RECAPTCHA_SITE_KEY: e.RECAPTCHA_SITE_KEY ?? null,
    /** A local trial with the demo's public passwords: every page says so. */
    DEMO_INSTALL: !e.REAL_INSTALL,
  };
}
