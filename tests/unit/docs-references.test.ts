/**
 * Documentation and code comments stand on their own: no pointer to an issue number or to a file
 * outside the repository (the specification's folder, its sections, its rulings: the rulings the
 * code relies on are restated in docs/rules.md). Checked over README, .env.example, every file of
 * docs/, app/, server/, scripts/, db/ (migrations aside) and tests/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const OUTSIDE =
  /\b[Ii]ssue\s*#?\d+|\.\.\/shared\b|(?<!docs\/)\brules\.md\b|\bspec\s*§|\bspec\.md\b/;
const TEXT = /\.(ts|tsx|mts|mjs|js|md|json|css|sql)$/;

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    return d.isDirectory() ? files(rel) : TEXT.test(d.name) ? [rel] : [];
  });
}

describe('no pointers outside the repository', () => {
  it('the pattern sees the pointers and lets docs/rules.md through', () => {
    expect(OUTSIDE.test('see issue 12')).toBe(true);
    expect(OUTSIDE.test('(spec §4)')).toBe(true);
    expect(OUTSIDE.test('../shared/rules.md')).toBe(true);
    expect(OUTSIDE.test('docs/rules.md "Money"')).toBe(false);
  });

  const checked = [
    'README.md',
    '.env.example',
    ...files('docs'),
    ...files('app'),
    ...files('server'),
    ...files('scripts'),
    ...files('db').filter((f) => !f.startsWith(path.join('db', 'migrations'))),
    ...files('tests').filter((f) => f !== path.join('tests', 'unit', 'docs-references.test.ts')),
  ];
  it.each(checked)('%s names no issue number and no file outside the repository', (f) => {
    const hits = fs
      .readFileSync(path.join(root, f), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line.trim() }))
      .filter((l) => OUTSIDE.test(l.text));
    expect(hits).toEqual([]);
  });
});
