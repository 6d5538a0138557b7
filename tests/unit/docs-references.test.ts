/**
 * Documentation and code comments stand on their own: no pointer to an issue number or to a file
 * outside the repository (the specification's folder, its rulings). Checked over the operator's
 * documents (README, docs/architecture.md, docs/operations.md, docs/security.md, .env.example)
 * and every file of server/ and scripts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const OUTSIDE = /\b[Ii]ssue\s*#?\d+|\.\.\/shared\b|\brules\.md\b/;

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    return d.isDirectory() ? files(rel) : [rel];
  });
}

describe('no pointers outside the repository', () => {
  const checked = [
    'README.md',
    '.env.example',
    'docs/architecture.md',
    'docs/operations.md',
    'docs/security.md',
    ...files('server'),
    ...files('scripts'),
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
