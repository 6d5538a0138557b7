/**
 * The OpenAPI description cannot drift from the routes:
 * - it is a valid OpenAPI 3.1 document (swagger-parser's validator);
 * - every /api route file has its path in the document, and every path has a route file;
 * - every method the document does not list answers 405 with an `Allow` header naming exactly the
 *   methods it lists (so a GET on a write-only call is a 405, not a server error);
 * - /api/openapi.json serves it and /api/docs draws every operation, in English and French.
 */
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '~/http/openapi/document.server';
import { loader as docsPage } from '~/routes/api.docs';
import { loader as docJson } from '~/routes/api.openapi[.json]';

const ROOT = path.resolve(__dirname, '../../..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `api.$role.dealer.$dealerId.tsx` → `/api/{role}/dealer/{dealerId}`; `[.json]` → `.json`. */
function routePath(file: string): string {
  const name = file.replace(/\.tsx?$/, '').replace(/\[\.([^\]]+)\]/g, '\u0000$1');
  return `/${name
    .split('.')
    .map((seg) => seg.replace(/^\$(.+)$/, '{$1}').replace('\u0000', '.'))
    .join('/')}`;
}

const routeFiles = fs
  .readdirSync(path.join(ROOT, 'app/routes'))
  .filter((f) => /^api\..*\.tsx?$/.test(f));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes every /api route file, and nothing else', () => {
    const documented = Object.keys(openApiDocument().paths ?? {}).sort();
    const routes = routeFiles.map(routePath).sort();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((d) => !routes.includes(d))).toEqual([]);
  });

  it('every method it does not list answers 405 with Allow naming the ones it lists', async () => {
    const wrong: string[] = [];
    const paths = openApiDocument().paths ?? {};
    for (const file of routeFiles) {
      const p = routePath(file);
      const listed = METHODS.filter((m) => (paths[p] as Record<string, unknown>)[m.toLowerCase()]);
      const mod = (await import(`~/routes/${file.replace(/\.tsx?$/, '')}`)) as Record<
        string,
        ((args: unknown) => Promise<unknown>) | undefined
      >;
      for (const method of METHODS.filter((m) => !listed.includes(m))) {
        const fn = method === 'GET' ? mod.loader : mod.action;
        const url = `http://localhost${p.replace(/\{[^}]+\}/g, '1')}`;
        const request = new Request(url, { method });
        let res: unknown;
        try {
          res = fn ? await fn({ request, params: {}, context: {} }) : 'no export';
        } catch (thrown) {
          res = thrown;
        }
        const allow = (listed.includes('GET') ? [...listed, 'HEAD'] : listed).join(', ');
        if (
          !(res instanceof Response) ||
          res.status !== 405 ||
          res.headers.get('Allow') !== allow
        ) {
          wrong.push(
            `${method} ${p}: ${res instanceof Response ? `${res.status} Allow=${res.headers.get('Allow')}` : String(res)} (want 405 Allow=${allow})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('/api/openapi.json and /api/docs', () => {
  it('serves the document as JSON', async () => {
    const res = await docJson({ request: new Request('http://localhost/api/openapi.json') });
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    const body = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(body.paths)).toContain('/api/{role}/redeem');
  });

  it('draws every operation, with its headings in the reader’s language', async () => {
    const doc = openApiDocument();
    const count = Object.values(doc.paths ?? {}).reduce(
      (n, item) =>
        n + METHODS.filter((m) => (item as Record<string, unknown>)[m.toLowerCase()]).length,
      0,
    );
    for (const [lang, title, other] of [
      ['en', 'contingency cash API reference', 'Français'],
      ['fr', 'Référence de l’API de contingency cash', 'English'],
    ] as const) {
      const res = await docsPage({
        request: new Request(`http://localhost/api/docs?lang=${lang}`),
      });
      const html = await res.text();
      expect(res.headers.get('Content-Type')).toMatch(/text\/html/);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain(other);
      expect(html.match(/<section aria-labelledby=/g)?.length).toBe(count);
      expect(html).not.toMatch(/api:docs\./);
      expect(html).not.toMatch(/<script/);
      expect(html).toContain('<code>PUT /api/{role}/payout-claim/{id}</code>');
    }
  });
});
