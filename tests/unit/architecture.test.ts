/**
 * House rules of the code base (docs/architecture.md), checked on every run:
 * - no source file in app/ is over 400 lines (seed data and migrations live in db/, outside app/);
 * - no route module imports the data layer (db/, #db/...) directly, not even for types: routes
 *   call services, and a service exports the types its callers need (decided in
 *   docs/architecture.md "Enforced rules").
 * A failure lists every offending file.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP = path.join(ROOT, 'app');
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);

/** Lines as `wc -l` counts them (a last line without a newline still counts). */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Every module a file imports or re-exports (static, dynamic, type-only). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** True when a specifier reaches into the data layer: `#db/...`, or a path into <root>/db/. */
function isDataLayer(specifier: string, from: string): boolean {
  if (specifier === '#db' || specifier.startsWith('#db/')) return true;
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(from), specifier);
    return target === path.join(ROOT, 'db') || target.startsWith(path.join(ROOT, 'db') + path.sep);
  }
  return specifier === 'db' || specifier.startsWith('db/');
}

describe('architecture (house rules)', () => {
  it(`no source file in app/ is longer than ${MAX_LINES} lines`, () => {
    const tooLong = walk(APP)
      .map((file) => ({ file: rel(file), lines: lineCount(fs.readFileSync(file, 'utf8')) }))
      .filter((f) => f.lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(tooLong, `files over ${MAX_LINES} lines:\n${tooLong.join('\n')}`).toEqual([]);
  });

  it('no route imports db/ (#db/...) directly, not even types', () => {
    const offenders = walk(path.join(APP, 'routes')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => isDataLayer(spec, file))
        .map((spec) => `${rel(file)} imports '${spec}'`),
    );
    expect(offenders, `routes importing the data layer:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the checks can fail: they see a long file and a route importing #db', () => {
    expect(lineCount('a\n'.repeat(MAX_LINES + 1))).toBe(MAX_LINES + 1);
    expect(lineCount('a\nb')).toBe(2);
    const probe = "import type { User } from '#db/schema';\nexport { x } from '../../db/seed';\n";
    const specs = ts.preProcessFile(probe, true, true).importedFiles.map((f) => f.fileName);
    const from = path.join(APP, 'routes', 'probe.tsx');
    expect(specs.filter((s) => isDataLayer(s, from))).toEqual(['#db/schema', '../../db/seed']);
    expect(isDataLayer('~/db.server', from)).toBe(false);
    expect(isDataLayer('~/services/people/users.server', from)).toBe(false);
  });
});
