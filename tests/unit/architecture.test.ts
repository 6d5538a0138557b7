/**
 * House rules of the code base (docs/architecture.md), checked on every run:
 * - no source file in app/ is over 400 lines (seed data and migrations live in db/, outside app/);
 * - no route module imports the data layer (db/, #db/...) directly, not even for types: routes
 *   call services, and a service exports the types its callers need (decided in
 *   docs/architecture.md "Enforced rules").
 * - services never speak HTTP: no `Request`, `Response`, no import of `@remix-run/*` or of the
 *   web layer (`~/http/...`); turning requests into service calls and outcomes into answers is
 *   `app/http/`'s job (the guard chain and the sign-in state excepted; see READS_REQUEST).
 * - no import circle in app/ (type-only imports aside: they vanish from the build).
 * - forms are built with `useZodForm`: no other module uses Conform's `useForm`.
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

/** Identifiers that mean a module speaks HTTP (comments and strings are not looked at). */
const HTTP_WORDS = new Set(['Request', 'Response', 'redirect', 'data', 'json']);

/** HTTP identifiers a module uses: `Request`/`Response` anywhere, Remix helpers it imports. */
function httpWordsOf(text: string): string[] {
  const found = new Set<string>();
  const source = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && (node.text === 'Request' || node.text === 'Response'))
      found.add(node.text);
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('@remix-run/')
    ) {
      found.add(node.moduleSpecifier.text);
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements)
          if (HTTP_WORDS.has((el.propertyName ?? el.name).text)) found.add(el.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].sort();
}

/**
 * Where a module reaches Conform's `useForm`: a named import or re-export (aliased too), or a
 * namespace import's `.useForm`, from `@conform-to/react` or one of its subpaths.
 */
function conformUseFormOf(text: string): string[] {
  const found: string[] = [];
  const namespaces = new Set<string>();
  const isConform = (spec: ts.Expression | undefined) =>
    !!spec && ts.isStringLiteral(spec) && /^@conform-to\/react(\/|$)/.test(spec.text);
  const source = ts.createSourceFile('probe.tsx', text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && isConform(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements)
          if ((el.propertyName ?? el.name).text === 'useForm') found.push(`import ${el.name.text}`);
    }
    if (ts.isExportDeclaration(node) && isConform(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause))
        for (const el of clause.elements)
          if ((el.propertyName ?? el.name).text === 'useForm') found.push('re-export useForm');
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'useForm' &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    )
      found.push(`${node.expression.text}.useForm`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Services whose job is reading the request: the guard chain and the sign-in state (the session
 * cookie, the remembered device, the pending second step, the password sign-in strategy).
 */
const READS_REQUEST = new Set(
  [
    'auth/guard.server.ts',
    'auth/session.server.ts',
    'auth/login-throttle.server.ts',
    'auth/signin-challenge.server.ts',
    'auth/second-step.server.ts',
    'auth/auth.server.ts',
  ].map((f) => path.join(APP, 'services', f)),
);

/** The app modules a file imports at run time (type-only imports left out), resolved to files. */
function runtimeDeps(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of source.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st))) continue;
    if (!st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (ts.isImportDeclaration(st) ? st.importClause?.isTypeOnly : st.isTypeOnly) continue;
    const spec = st.moduleSpecifier.text;
    const base = spec.startsWith('~/')
      ? path.join(APP, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!base) continue;
    const hit = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

/** Every import circle of a graph, each as the list of its files. */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
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

  it("forms take their browser constraints from the memoized zodConstraint, not Conform's per render", () => {
    // getZodConstraint walks the whole schema on every call, and a form calls it on every render.
    const offenders = walk(APP)
      .filter((file) => !file.endsWith(path.join('components', 'use-zod-form.ts')))
      .filter((file) => /\bgetZodConstraint\b/.test(fs.readFileSync(file, 'utf8')))
      .map(rel);
    expect(offenders, `files calling getZodConstraint:\n${offenders.join('\n')}`).toEqual([]);
  });

  it("forms are built with the house's useZodForm: nothing else calls Conform's useForm", () => {
    // One way to build a form: the wrapper carries the constraints and when fields are checked.
    const offenders = walk(APP)
      .filter((file) => !file.endsWith(path.join('components', 'use-zod-form.ts')))
      .flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        // Only a module that names Conform can reach it; the rest need no parse.
        if (!text.includes('@conform-to/react')) return [];
        return conformUseFormOf(text).map((use) => `${rel(file)}: ${use}`);
      });
    expect(offenders, `files using Conform's useForm:\n${offenders.join('\n')}`).toEqual([]);
  });

  it("the form check can fail: it sees Conform's useForm however it is imported", () => {
    const probe = [
      "import { useForm as useConform, getFormProps } from '@conform-to/react';",
      "import * as conform from '@conform-to/react';",
      "export { useForm } from '@conform-to/react/future';",
      'const a = conform.useForm({});',
      '// useForm( in a comment, and useZodForm, useFormMetadata, other.useForm are fine',
      "import { useZodForm } from '~/components/use-zod-form';",
      'const b = useZodForm(schema); const c = other.useForm();',
    ].join('\n');
    expect(conformUseFormOf(probe)).toEqual([
      'import useConform',
      're-export useForm',
      'conform.useForm',
    ]);
    expect(conformUseFormOf("import { useFormMetadata } from '@conform-to/react';")).toEqual([]);
  });

  it('no route imports db/ (#db/...) directly, not even types', () => {
    const offenders = walk(path.join(APP, 'routes')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => isDataLayer(spec, file))
        .map((spec) => `${rel(file)} imports '${spec}'`),
    );
    expect(offenders, `routes importing the data layer:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('no service speaks HTTP, imports @remix-run/* or imports the web layer', () => {
    const offenders = walk(path.join(APP, 'services'))
      .filter((file) => !READS_REQUEST.has(file))
      .flatMap((file) => {
        const words = httpWordsOf(fs.readFileSync(file, 'utf8'));
        const web = importsOf(file).filter((spec) => spec.startsWith('~/http/'));
        return [...words, ...web].map((w) => `${rel(file)}: ${w}`);
      });
    expect(offenders, `services speaking HTTP:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the HTTP check can fail: it sees Request, Response and Remix helpers, not comments', () => {
    const probe = [
      "import { redirect as go, createCookie } from '@remix-run/node';",
      '// a Request in a comment is fine',
      "export const f = (r: Request) => new Response('x');",
    ].join('\n');
    expect(httpWordsOf(probe)).toEqual(['@remix-run/node', 'Request', 'Response', 'go']);
    expect(httpWordsOf("const note = 'Response';")).toEqual([]);
  });

  it('no import circle in app/', () => {
    const graph = new Map(walk(APP).map((file) => [file, runtimeDeps(file)]));
    const found = circles(graph).map((c) => c.map(rel).join(' → '));
    expect(found, `import circles:\n${found.join('\n')}`).toEqual([]);
  });

  it('the circle check can fail: it finds a circle, not a type-only import', () => {
    const a = path.join(APP, 'a.ts');
    const b = path.join(APP, 'b.ts');
    const c = path.join(APP, 'c.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([[a, b, c, a]]);
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, []],
        ]),
      ),
    ).toEqual([]);
    const probe = "import type { X } from '~/root';\nexport { y } from '~/root';\n";
    expect(runtimeDeps(path.join(APP, 'probe.ts'), probe).map(rel)).toEqual(['app/root.tsx']);
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
