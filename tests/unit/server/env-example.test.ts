/**
 * Day one for an operator: `.env.example` lists every variable the code reads (the environment
 * schema's keys and every `process.env.X` in app/, server/, scripts/ and db/), and nothing else;
 * and it sets none of them. Every variable is commented out with its default and meaning, so
 * copying the file to `.env` (as the README says) changes nothing: a local trial stays a trial.
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
  it('sets no variable: each is a commented line `# NAME=default`, after its meaning', () => {
    const lines = fs.readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
    const set = lines.filter((l) => /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/.test(l));
    expect(set).toEqual([]);
    expect(lines.every((l) => l.trim() === '' || l.startsWith('#'))).toBe(true);
    for (const name of variablesTheCodeReads()) {
      const at = lines.findIndex((l) => l.startsWith(`# ${name}=`));
      expect(at, `# ${name}= in .env.example`).toBeGreaterThan(0);
      // Its meaning is the comment just above (or above the variables it shares it with).
      expect(lines[at - 1]!.startsWith('#'), `${name} has its meaning above`).toBe(true);
    }
  });

  it('writes the default the environment schema gives each variable that has one', async () => {
    const { envDefaults } = await import('~/env.server');
    const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const written = new Map(
      [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
    );
    const defaults = Object.entries(envDefaults()).filter(
      // `npm start` runs in production, `npm run dev` in development: the script says which.
      ([k]) => k !== 'NODE_ENV',
    );
    expect(defaults.length).toBeGreaterThan(8);
    const wrong = defaults
      .filter(([k, v]) => written.get(k) !== String(v))
      .map(([k, v]) => `${k}: example "${written.get(k)}", default "${String(v)}"`);
    expect(wrong).toEqual([]);
  });
});
