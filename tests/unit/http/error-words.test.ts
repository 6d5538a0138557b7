/**
 * API error bodies are sentences in the caller's language, never English for a
 * French caller and never translation keys:
 * - every error literal an /api route (or a service answering for one) puts in
 *   `jsonAnswer({ error: … })` (the kept `Response.json`) is an i18n key or a known literal that the /api handler
 *   (`localizeApiResponse`) turns into a French sentence different from the English one, with
 *   no `{{placeholder}}` left;
 * - the cases the issue names, called through their routes by a French caller:
 *   payouts:errors.notFound, rider:documents.errors.tooLarge, and a VIN import problem with its
 *   {{column}} filled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '#db/migrate';
import { env } from '~/env.server';
import { tFor } from '~/i18next.server';
import { action as payoutClaimPut } from '~/routes/api.$role.payout-claim.$id';
import { action as uploadIdFiles } from '~/routes/api.rider.rider.$riderId.upload-id-files';
import { action as vinImport } from '~/routes/api.vin-patterns.import';
import { UPLOAD_ERRORS } from '~/services/people/documents.server';
import { PayoutError } from '~/services/money/payouts/payout-claims.server';
import { localizeApiResponse, messageInWords } from '~/http/api-answer.server';
import { apiAccount, runRoute, type ApiAccount } from '../helpers/api-session';
import { expectContract } from '../helpers/openapi-contract';

const ROOT = path.resolve(__dirname, '../../..');

/** The files whose answers reach /api callers: the api routes, the web layer and the services. */
function sourceFiles(): string[] {
  const routes = fs
    .readdirSync(path.join(ROOT, 'app/routes'))
    .filter((f) => /^api\..*\.tsx?$/.test(f))
    .map((f) => path.join(ROOT, 'app/routes', f));
  const services: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.server\.ts$/.test(entry.name)) services.push(full);
    }
  };
  walk(path.join(ROOT, 'app/services'));
  walk(path.join(ROOT, 'app/http'));
  // The answer helpers themselves (their examples and the 405 filled in at answer time) aside.
  const helpers = ['app/http/api.server.ts', 'app/http/api-answer.server.ts'].map((f) =>
    path.join(ROOT, f),
  );
  return [...routes, ...services].filter((f) => !helpers.includes(f));
}

/** Every string literal given as the `error` of a JSON answer: `jsonAnswer({ error: '…' })`, `apiError('…')`. */
function errorLiterals(): { file: string; message: string }[] {
  const found: { file: string; message: string }[] = [];
  const re =
    /(?:(?:Response\.json|jsonAnswer)\(\s*\{\s*error:\s*|apiError\(\s*(?:request,\s*)?)(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(re))
      found.push({ file: path.relative(ROOT, file), message: m[1] ?? m[2]! });
  }
  return found;
}

describe("every error an /api route answers is a sentence in the caller's language", () => {
  it('finds the error literals of the api routes (the scan itself works)', () => {
    const messages = errorLiterals().map((e) => e.message);
    expect(messages.length).toBeGreaterThan(80);
    expect(messages).toContain('completion:api.noRacesToRemove');
    expect(messages).toContain('completion:api.versionRequired');
  });

  it('each one is French for a French caller, different from the English, with nothing left to fill', async () => {
    const en = await tFor('en');
    const fr = await tFor('fr');
    // Errors answered through constants rather than literals.
    const constants = [
      ...Object.values(UPLOAD_ERRORS),
      ...(['notFound', 'claimMismatch', 'keyReused'] as const).map(
        (k) => new PayoutError(k).message,
      ),
    ].map((message) => ({ file: '(constants)', message }));
    const wrong: { file: string; message: string; en: string; fr: string }[] = [];
    for (const { file, message } of [...errorLiterals(), ...constants]) {
      const inEn = messageInWords(en, message);
      const inFr = messageInWords(fr, message);
      const bad =
        inFr === message ||
        inFr === inEn ||
        /\{\{/.test(inFr) ||
        /\{\{/.test(inEn) ||
        /^[a-zA-Z]+:[A-Za-z0-9_.-]+$/.test(inFr);
      if (bad) wrong.push({ file, message, en: inEn, fr: inFr });
    }
    expect(wrong).toEqual([]);
  });
});

describe('API errors answered through their routes to a French caller', () => {
  const who: Record<string, ApiAccount> = {};
  const TAG = Math.random().toString(36).slice(2, 8);

  beforeAll(async () => {
    await migrateDatabase(env().DATABASE_PATH);
    who.admin = await apiAccount(`admin-${TAG}@words.test`, 'admin', 'admin');
    who.rider = await apiAccount(`rider-${TAG}@words.test`, 'rider', 'rider');
  });

  function request(url: string, key: string, init: RequestInit & { lang: 'en' | 'fr' }) {
    const headers = new Headers(init.headers);
    headers.set('Cookie', `${who[key]!.cookie}; lang=${init.lang}`);
    return new Request(`http://localhost${url}`, { ...init, headers });
  }

  async function answer(req: Request, fn: () => Promise<unknown>) {
    const res = await localizeApiResponse(await runRoute(fn), req);
    await expectContract(req, res);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('payouts:errors.notFound: an unknown payout claim', async () => {
    const got: Record<string, unknown> = {};
    for (const lang of ['en', 'fr'] as const) {
      const req = request('/api/admin/payout-claim/987654', 'admin', {
        lang,
        method: 'PUT',
        body: JSON.stringify({ status: 'SENT' }),
        headers: { 'Content-Type': 'application/json' },
      });
      const res = await answer(req, () =>
        payoutClaimPut({ request: req, params: { role: 'admin', id: '987654' }, context: {} }),
      );
      expect(res.status).toBe(404);
      got[lang] = res.body.error;
    }
    expect(got).toEqual({
      en: 'This payout claim does not exist.',
      fr: 'Cette demande de paiement n’existe pas.',
    });
  });

  it('rider:documents.errors.tooLarge: an ID file over 10 MB', async () => {
    const got: Record<string, unknown> = {};
    for (const lang of ['en', 'fr'] as const) {
      const fd = new FormData();
      fd.append('kind', 'idFile');
      fd.append(
        'file',
        new Blob([new Uint8Array(10 * 1024 * 1024 + 1024)], { type: 'image/png' }),
        'big.png',
      );
      const id = String(who.rider!.profileId);
      const req = request(`/api/rider/rider/${id}/upload-id-files`, 'rider', {
        lang,
        method: 'POST',
        body: fd,
      });
      const res = await answer(req, () =>
        uploadIdFiles({ request: req, params: { riderId: id }, context: {} }),
      );
      expect(res.status).toBe(413);
      got[lang] = res.body.error;
    }
    expect(got).toEqual({
      en: 'This file is larger than 10MB. Choose a smaller picture.',
      fr: 'Ce fichier dépasse 10 Mo. Choisissez une image plus petite.',
    });
  });

  it('a VIN import refused for a missing column names the column', async () => {
    const got: Record<string, { error: unknown; messages: unknown[] }> = {};
    for (const lang of ['en', 'fr'] as const) {
      const fd = new FormData();
      fd.append(
        'file',
        new Blob(['Model,Year\nDuke,2024\n'], { type: 'text/csv' }),
        'no-pattern.csv',
      );
      const req = request('/api/vin-patterns/import', 'admin', { lang, method: 'POST', body: fd });
      const res = await answer(req, () => vinImport({ request: req, params: {}, context: {} }));
      expect(res.status).toBe(400);
      got[lang] = {
        error: res.body.error,
        messages: (res.body.errors as { message: string }[]).map((e) => e.message),
      };
    }
    expect(got).toEqual({
      en: {
        error: 'The file was not imported: fix the problems below and import it again.',
        messages: ['The header row has no "Pattern" column.'],
      },
      fr: {
        error:
          'Le fichier n’a pas été importé\u00a0: corrigez les problèmes ci-dessous et importez-le de nouveau.',
        messages: ['La ligne d’en-tête n’a pas de colonne «\u00a0Pattern\u00a0».'],
      },
    });
  });
});
