/**
 * Day one for an operator: `.env.example` lists every variable the code reads (the environment
 * schema's keys and every `process.env.X` in app/, server/, scripts/ and db/), and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(?:ts|tsx|mjs|js)$/.test(d.name) ? [rel] : [];
  });
}

function variablesTheCodeReads(): Set<string> {
  const names = new Set<string>();
  for (const f of ['app', 'server', 'scripts', 'db'].flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
    for (const m of text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(m[1]);
  }
  // The environment schema reads the rest (app/env.server.ts): its keys.
  const schema = fs.readFileSync(path.join(root, 'app/env.server.ts'), 'utf8');
  const body = /const schema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(schema)?.[1] ?? '';
  for (const m of body.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)) names.add(m[1]);
  return names;
}

function variablesOfTheExample(): Set<string> {
  const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

describe('.env.example', () => {
  it('lists every variable the code reads', () => {
    const read = variablesTheCodeReads();
    expect(read.size).toBeGreaterThan(20);
    const listed = variablesOfTheExample();
    expect([...read].filter((n) => !listed.has(n)).sort()).toEqual([]);
  });
  it('lists no variable the code does not read', () => {
    const read = variablesTheCodeReads();
    expect([...variablesOfTheExample()].filter((n) => !read.has(n)).sort()).toEqual([]);
  });
});
