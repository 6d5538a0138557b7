/**
 * Every reach into a dependency's internals lives behind one boundary: server/framework-patches.ts
 * and server/perf/. Anywhere else in app/, server/ and scripts/ the code may not patch what it did
 * not write: no prototype changed or handed to a function to change, no property defined or
 * prototype swapped by reflection, no method replaced by assignment, no private (`_name`) field
 * read, no use of Node's module loader internals. A failure lists each place.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const BOUNDARY = [
  path.join(ROOT, 'server', 'framework-patches.ts'),
  path.join(ROOT, 'server', 'perf') + path.sep,
];

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const REFLECTION = new Set([
  'Object.defineProperty',
  'Object.defineProperties',
  'Object.setPrototypeOf',
  'Reflect.defineProperty',
  'Reflect.setPrototypeOf',
]);

const isFunctionValue = (node: ts.Expression, functions: Set<string>): boolean => {
  const e = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isFunctionExpression(e) || ts.isArrowFunction(e)) return true;
  if (ts.isIdentifier(e)) return functions.has(e.text);
  if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e))
    return isFunctionValue(e.expression, functions);
  if (ts.isCallExpression(e)) {
    const callee = e.expression.getText();
    return (
      callee.endsWith('.bind') ||
      (callee === 'Object.assign' &&
        e.arguments.length > 0 &&
        isFunctionValue(e.arguments[0], functions))
    );
  }
  return false;
};

/** The patching a source text does, one line each (`line: what`). */
export function patchesIn(text: string, file = 'probe.ts'): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  // A `_name` field the file itself declares (an API's field, say) is its own, not a private one.
  const declared = new Set<string>();
  // The file's own functions (declared, or a const holding one): assigned to a method, a patch.
  const functions = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) functions.add(node.name.text);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isFunctionValue(node.initializer, new Set())
    )
      functions.add(node.name.text);
    if (
      (ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) &&
      ts.isIdentifier(node.name)
    )
      declared.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = node.left;
      if (ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) {
        const target = left.getText();
        if (/\.prototype\b|__proto__/.test(target)) at(node, `assigns to ${target}`);
        // `__name`: a global of our own (a script's callback on window), not someone's method.
        else if (
          left.expression.kind !== ts.SyntaxKind.ThisKeyword &&
          !(ts.isPropertyAccessExpression(left) && left.name.text.startsWith('__')) &&
          isFunctionValue(node.right, functions)
        )
          at(node, `replaces the method ${target}`);
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      if (REFLECTION.has(callee)) at(node, callee);
      for (const arg of node.arguments)
        if (ts.isPropertyAccessExpression(arg) && arg.name.text === 'prototype')
          at(arg, `hands ${arg.getText()} to ${callee}`);
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      /^_[A-Za-z]/.test(node.name.text) &&
      !declared.has(node.name.text) &&
      node.expression.kind !== ts.SyntaxKind.ThisKeyword
    )
      at(node, `reads the private field ${node.getText()}`);
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      ['module', 'node:module'].includes(node.moduleSpecifier.text) &&
      (node.importClause?.name ||
        (node.importClause?.namedBindings &&
          ts.isNamedImports(node.importClause.namedBindings) &&
          node.importClause.namedBindings.elements.some((e) => e.name.text === 'Module')))
    )
      at(node, "imports Node's module loader");
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('monkey-patching stays behind server/framework-patches.ts and server/perf/', () => {
  it('no file outside them patches a dependency', () => {
    const files = ['app', 'server', 'scripts']
      .flatMap((dir) => walk(path.join(ROOT, dir)))
      .filter((file) => !BOUNDARY.some((b) => file === b || file.startsWith(b)));
    const offenders = files.flatMap((file) =>
      patchesIn(fs.readFileSync(file, 'utf8'), file).map(
        (hit) => `${path.relative(ROOT, file)}:${hit}`,
      ),
    );
    expect(offenders, `patching outside the boundary:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the check can fail: it finds each kind of patch', () => {
    const probe = [
      "import Module from 'node:module';",
      'Response.prototype.text = async function () { return ""; };',
      'res.write = (chunk) => true;',
      'db.transaction = original.bind(db);',
      'const t = (key: string) => key; (instance as unknown as { t: typeof t }).t = t;',
      "Object.defineProperty(req, 'ip', { value: '1' });",
      'keepBody(KeptAnswer.prototype);',
      'const inner = schema._def;',
    ].join('\n');
    expect(patchesIn(probe)).toEqual([
      "1: imports Node's module loader",
      '2: assigns to Response.prototype.text',
      '3: replaces the method res.write',
      '4: replaces the method db.transaction',
      '5: replaces the method (instance as unknown as { t: typeof t }).t',
      '6: Object.defineProperty',
      '7: hands KeptAnswer.prototype to keepBody',
      '8: reads the private field schema._def',
    ]);
  });

  it('leaves alone what is not a patch', () => {
    const fine = [
      'this.handler = () => 1;',
      'res.locals.cspNonce = nonce;',
      'net.Server.prototype.close.call(server);',
      "import { createRequire } from 'node:module';",
      'el.textContent = label;',
      'const body = z.object({ _id: z.number() }).parse(input); use(body._id);',
    ].join('\n');
    expect(patchesIn(fine)).toEqual([]);
  });
});
