/**
 * House rules of the code base (docs/architecture.md), checked on every run:
 * - no source file in app/ is over 400 lines (seed data and migrations live in db/, outside app/);
 * - no route module imports the data layer (db/, #db/...) directly, not even for types: routes
 *   call services, and a service exports the types its callers need (decided in
 *   docs/architecture.md "Enforced rules").
 * - services never speak HTTP: no `Request`, `Response`, no import of `@remix-run/*` or of the
 *   web layer (`~/http/...`); turning requests into service calls and outcomes into answers is
 *   `app/http/`'s job (the guard chain and the sign-in state excepted; see READS_REQUEST).
 * - no import circle in app/ (type-only imports aside: they vanish from the build; dynamic
 *   `import()` counted).
 * - the layers point one way: no service imports the web layer, not even the guard chain; no
 *   module in `app/http/` reaches the database (its handle from `getDb` aside); no module imports
 *   a route module (what two routes share lives in http/, components/ or lib/).
 * - every route's `handle` is written `satisfies RouteHandle`.
 * - a route parses, calls, answers: no route loader or action over 60 lines (longer glue lives in
 *   `app/http/<domain>/`); no function in app/ or server/ over 100 lines.
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

/** One import of a module: static (import/export ... from) or a dynamic `import()` call. */
type ImportRef = {
  spec: string;
  /** The names it imports at run time ('default', '*' for a namespace or a dynamic import). */
  names: string[];
  /** `import type` / `export type`: nothing of it is left in the build. */
  typeOnly: boolean;
};

/** Every import and re-export of a module's text, dynamic `import('...')` calls included. */
function importRefs(text: string): ImportRef[] {
  const source = ts.createSourceFile('probe.tsx', text, ts.ScriptTarget.Latest, true);
  const out: ImportRef[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const typeOnly = ts.isImportDeclaration(node) ? !!clause?.isTypeOnly : node.isTypeOnly;
      const names: string[] = [];
      if (clause?.name) names.push('default');
      const bound = clause?.namedBindings ?? (ts.isExportDeclaration(node) && node.exportClause);
      if (bound && (ts.isNamedImports(bound) || ts.isNamedExports(bound))) {
        for (const el of bound.elements)
          if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      } else if (bound || ts.isExportDeclaration(node)) names.push('*');
      out.push({ spec: node.moduleSpecifier.text, names, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, names: ['*'], typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The app file a specifier names (`~/...` or relative), or null for a package or a missing file. */
function resolveApp(spec: string, from: string): string | null {
  const base = spec.startsWith('~/')
    ? path.join(APP, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  return (
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  );
}

/** The app modules a file imports at run time (type-only imports left out), resolved to files. */
function runtimeDeps(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  return importRefs(text)
    .filter((ref) => !ref.typeOnly)
    .map((ref) => resolveApp(ref.spec, file))
    .filter((hit): hit is string => hit !== null);
}

const HTTP_DIR = path.join(APP, 'http') + path.sep;
const ROUTES_DIR = path.join(APP, 'routes') + path.sep;
const DB_DRIVERS = /^(drizzle-orm|better-sqlite3)(\/|$)/;

/**
 * Where a module of app/http/ reaches the database itself: the data layer (even its types), the
 * query builder or driver, or anything of `~/db.server` beyond the
 * handle (`getDb`) it passes to services.
 */
function databaseReaches(file: string, text: string): string[] {
  return importRefs(text).flatMap((ref) => {
    const target = resolveApp(ref.spec, file);
    if (isDataLayer(ref.spec, file) || DB_DRIVERS.test(ref.spec)) return [ref.spec];
    if (target !== path.join(APP, 'db.server.ts') || ref.typeOnly) return [];
    return ref.names.filter((n) => n !== 'getDb').map((n) => `${ref.spec} (${n})`);
  });
}

/** The imports of a module that land in the given folder of app/. */
function importsInto(dir: string, file: string, text: string): string[] {
  return importRefs(text)
    .filter((ref) => resolveApp(ref.spec, file)?.startsWith(dir))
    .map((ref) => ref.spec);
}

/** Whether a module's exported `handle` is written `... satisfies RouteHandle` (null: none). */
function handleTyped(text: string): boolean | null {
  const source = ts.createSourceFile('probe.tsx', text, ts.ScriptTarget.Latest, true);
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st)) continue;
    if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of st.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'handle') continue;
      const init = decl.initializer;
      return (
        !!init &&
        ts.isSatisfiesExpression(init) &&
        ts.isTypeReferenceNode(init.type) &&
        init.type.typeName.getText(source) === 'RouteHandle'
      );
    }
  }
  return null;
}

const MAX_FUNCTION_LINES = 100;
/** A route's loader or action longer than this moves into app/http/<domain>/. */
const MAX_GLUE_LINES = 60;

/** Every function of a module (declaration, arrow, method, expression) with its length in lines. */
function functionLengths(text: string): { name: string; line: number; lines: number }[] {
  const source = ts.createSourceFile('probe.tsx', text, ts.ScriptTarget.Latest, true);
  const out: { name: string; line: number; lines: number }[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node, outer: string) => {
    let inner = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const parent = node.parent;
      inner =
        (node.name && node.name.getText(source)) ||
        (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
          ? parent.name.getText(source)
          : `${outer} callback`);
      const line = lineOf(node.getStart(source));
      out.push({ name: inner, line, lines: lineOf(node.end) - line + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, '(module)');
  return out;
}

/**
 * The functions still over the limit, with their length today: each may only get shorter, and
 * leaves the list once it is within the limit. A new long function fails the check.
 */
const STILL_LONG: Record<string, number> = {};

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

  it('no service imports the web layer (app/http/), not even the guard chain', () => {
    const offenders = walk(path.join(APP, 'services')).flatMap((file) =>
      importsInto(HTTP_DIR, file, fs.readFileSync(file, 'utf8')).map(
        (spec) => `${rel(file)} imports '${spec}'`,
      ),
    );
    expect(offenders, `services importing app/http/:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('no module in app/http/ reaches the database itself (getDb aside)', () => {
    const offenders = walk(path.join(APP, 'http')).flatMap((file) =>
      databaseReaches(file, fs.readFileSync(file, 'utf8')).map((spec) => `${rel(file)}: ${spec}`),
    );
    expect(offenders, `http/ modules reaching the database:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('no module imports a route module', () => {
    const offenders = walk(APP).flatMap((file) =>
      importsInto(ROUTES_DIR, file, fs.readFileSync(file, 'utf8')).map(
        (spec) => `${rel(file)} imports '${spec}'`,
      ),
    );
    expect(offenders, `modules importing a route:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the layer checks can fail: they see dynamic imports, driver imports, route imports', () => {
    const service = path.join(APP, 'services', 'probe.server.ts');
    const dynamic = "export const f = () => import('~/http/kept-answer.server');";
    expect(importsInto(HTTP_DIR, service, dynamic)).toEqual(['~/http/kept-answer.server']);
    expect(importsInto(HTTP_DIR, service, "import type { X } from '../http/api.server';")).toEqual([
      '../http/api.server',
    ]);
    const web = path.join(APP, 'http', 'probe.server.ts');
    const reaches = [
      "import { getDb, type DB } from '~/db.server';",
      "import type { Conn } from '~/db.server';",
      "import { prepared } from '~/db.server';",
      "import { eq } from 'drizzle-orm';",
      "import type { User } from '#db/schema';",
    ].join('\n');
    expect(databaseReaches(web, reaches)).toEqual([
      '~/db.server (prepared)',
      'drizzle-orm',
      '#db/schema',
    ]);
    const component = path.join(APP, 'components', 'probe.tsx');
    const route = "import { BareLayout } from '~/routes/($lang)._bare';";
    expect(importsInto(ROUTES_DIR, component, route)).toEqual(['~/routes/($lang)._bare']);
    expect(runtimeDeps(component, "const m = import('~/root');").map(rel)).toEqual([
      'app/root.tsx',
    ]);
  });

  it('every route handle is written `satisfies RouteHandle`', () => {
    const offenders = walk(path.join(APP, 'routes'))
      .filter((file) => handleTyped(fs.readFileSync(file, 'utf8')) === false)
      .map(rel);
    expect(offenders, `routes with an untyped handle:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the handle check can fail: it tells a typed handle from an untyped one', () => {
    expect(handleTyped("export const handle = { cache: 'none' } as const;")).toBe(false);
    expect(handleTyped("export const handle = { cache: 'none' } satisfies RouteHandle;")).toBe(
      true,
    );
    expect(
      handleTyped("export const handle = { cache: 'none' } as const satisfies RouteHandle;"),
    ).toBe(true);
    expect(handleTyped("export const handle = routeHandle({ cache: 'none' });")).toBe(false);
    expect(handleTyped('export const other = 1;')).toBe(null);
  });

  it(`no function in app/ or server/ is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const found = new Map<string, number>();
    for (const file of [...walk(APP), ...walk(path.join(ROOT, 'server'))])
      for (const fn of functionLengths(fs.readFileSync(file, 'utf8')))
        if (fn.lines > MAX_FUNCTION_LINES) found.set(`${rel(file)} ${fn.name}`, fn.lines);
    const problems = [
      ...[...found]
        .filter(([key, lines]) => !(key in STILL_LONG) || lines > STILL_LONG[key]!)
        .map(([key, lines]) => `${key}: ${lines} lines`),
      ...Object.keys(STILL_LONG)
        .filter((key) => !found.has(key))
        .map((key) => `${key}: within the limit now, take it off STILL_LONG`),
    ];
    expect(problems, `functions over ${MAX_FUNCTION_LINES} lines:\n${problems.join('\n')}`).toEqual(
      [],
    );
  });

  it(`no route loader or action is longer than ${MAX_GLUE_LINES} lines`, () => {
    const offenders = walk(path.join(APP, 'routes')).flatMap((file) =>
      functionLengths(fs.readFileSync(file, 'utf8'))
        .filter((fn) => (fn.name === 'loader' || fn.name === 'action') && fn.lines > MAX_GLUE_LINES)
        .map((fn) => `${rel(file)} ${fn.name}: ${fn.lines} lines`),
    );
    expect(
      offenders,
      `long loaders and actions (move them to app/http/):\n${offenders.join('\n')}`,
    ).toEqual([]);
  });

  it('the function check can fail: it measures declarations, arrows and methods', () => {
    const body = '  x();\n'.repeat(MAX_FUNCTION_LINES);
    const probe = [
      `function a() {\n${body}}`,
      `const b = () => {\n${body}};`,
      `class C {\n  m() {\n${body}  }\n}`,
      `const short = () => [1].map((n) => n);`,
    ].join('\n');
    expect(functionLengths(probe).map((f) => [f.name, f.lines])).toEqual([
      ['a', MAX_FUNCTION_LINES + 2],
      ['b', MAX_FUNCTION_LINES + 2],
      ['m', MAX_FUNCTION_LINES + 2],
      ['short', 1],
      ['short callback', 1],
    ]);
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
