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

describe('no pointers outside the repository', () => {
  it('the pattern sees the pointers and lets docs/rules.md through', () => {
    expect(OUTSIDE.test('see issue 12')).toBe(true);
    expect(OUTSIDE.test('(spec §4)')).toBe(true);
    expect(OUTSIDE.test('../shared/rules.md')).toBe(true);
    expect(OUTSIDE.test('docs/rules.md "Money"')).toBe(false);
  });

  it.each(checked)('%s names no issue number and no file outside the repository', (f) => {
    const hits = fs
      .readFileSync(path.join(root, f), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line.trim() }))
      .filter((l) => OUTSIDE.test(l.text));
    expect(hits).toEqual([]);
  });
});

/** The headings of a Markdown file, without their `#`s and a leading section number ("5. Mail"). */
function headings(file: string): string[] {
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+\s+/, '').replace(/^\d+\.\s+/, ''));
}

/** `docs/x.md` and `docs/x.md "Section"` as a comment or a document names them. */
const DOC_REF = /\bdocs\/([\w./-]+\.md)(?:\s*"([^"\n]+)")?/g;

/**
 * A repository path a document names in backticks, checked from the root: `app/...`, `~/...`
 * (app/ as the code imports it), `server/`, `db/`, `tests/`, `scripts/`, `locales/`, `bench/`,
 * `docs/`, `fixtures/`. A placeholder (`<domain>`, `{en,fr}`, `*`) checks the folder before it.
 */
const ROOTED = /^(?:app|server|db|tests|scripts|locales|bench|docs|fixtures)\/|^~\//;
const PLACEHOLDER = /[<{*]/;
/** What the commands make and git ignores: named, never committed. */
const GENERATED = /^bench\/\.data\//;

function exists(rel: string): boolean {
  const p = path.join(root, rel);
  return ['', '.ts', '.tsx', '.md'].some((ext) => fs.existsSync(p + ext));
}

function pathNamed(token: string, from: string): string | null {
  if (/\s/.test(token) || token.includes('..') || GENERATED.test(token)) return null;
  let rel: string;
  if (ROOTED.test(token)) rel = token.replace(/^~\//, 'app/');
  else if (
    from.startsWith('app' + path.sep) &&
    from !== path.join('app', 'README.md') &&
    /^[\w.()$-]+(\/[\w.()$-]+)*\.(ts|tsx|md|json|css|mjs)$/.test(token)
  )
    // A bare file name in a folder's README is that folder's.
    rel = path.join(path.dirname(from), token);
  else return null;
  const cut = rel.split('/').findIndex((seg) => PLACEHOLDER.test(seg));
  if (cut >= 0) rel = rel.split('/').slice(0, cut).join('/');
  return rel.replace(/\/$/, '') || null;
}

const documents = [
  'README.md',
  ...files('docs'),
  path.join('app', 'README.md'),
  ...fs
    .readdirSync(path.join(root, 'app'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'app', d.name, 'README.md')))
    .map((d) => path.join('app', d.name, 'README.md')),
];

describe('references that must stay true', () => {
  it('the checks can fail: a missing file, a missing section, a path that is gone', () => {
    const probe = 'see docs/rules.md "No such section" and docs/decisions/999-gone.md';
    const refs = [...probe.matchAll(DOC_REF)];
    expect(refs.map((m) => m[1])).toEqual(['rules.md', 'decisions/999-gone.md']);
    expect(headings('docs/rules.md')).not.toContain('No such section');
    expect(exists('docs/decisions/999-gone.md')).toBe(false);
    expect(pathNamed('app/services/<domain>/', 'docs/architecture.md')).toBe('app/services');
    expect(pathNamed('format.ts', 'app/lib/README.md')).toBe('app/lib/format.ts');
    expect(pathNamed('~/lib/gone', 'docs/rules.md')).toBe('app/lib/gone');
    expect(exists('app/lib/gone')).toBe(false);
  });

  it.each(checked)('%s names only docs and sections that exist', (f) => {
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    const missing: string[] = [];
    for (const [ref, doc, section] of text.matchAll(DOC_REF)) {
      const file = path.join('docs', doc);
      if (!fs.existsSync(path.join(root, file))) missing.push(ref);
      else if (section && !headings(file).some((h) => h.startsWith(section))) missing.push(ref);
    }
    expect(missing).toEqual([]);
  });

  it.each(documents)('%s names only paths that exist', (f) => {
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    const missing = [...text.matchAll(/`([^`\n]+)`/g)]
      .map((m) => pathNamed(m[1], f))
      .filter((rel): rel is string => rel !== null && !exists(rel));
    expect([...new Set(missing)]).toEqual([]);
  });
});
