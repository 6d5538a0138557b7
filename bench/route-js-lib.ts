/**
 * The JavaScript a page's HTML asks for up front (modulepreload links and module scripts),
 * gzipped at level 9 — shared by bench/route-js.ts and the public-page size test.
 */
import { gzipSync } from 'node:zlib';

export type PageScripts = { total: number; files: { src: string; gzip: number }[] };

export function scriptSources(html: string): string[] {
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0]);
    if (href) srcs.add(href[1]);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) srcs.add(m[1]);
  // Remix's inline module script imports the entry and the route modules by URL.
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) srcs.add(m[1]);
  return [...srcs];
}

export async function pageScripts(base: string, path: string): Promise<PageScripts> {
  const res = await fetch(new URL(path, base));
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const html = await res.text();
  const files: PageScripts['files'] = [];
  for (const src of scriptSources(html)) {
    const r = await fetch(new URL(src, base));
    if (!r.ok) throw new Error(`${src}: ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    files.push({ src, gzip: gzipSync(body, { level: 9 }).length });
  }
  return { total: files.reduce((s, f) => s + f.gzip, 0), files };
}
