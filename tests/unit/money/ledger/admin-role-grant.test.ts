/**
 * No page or API grants the admin role by one person: an admin is made by `npm run user:create`
 * (and the demo seed) on the server, or by an admin invitation that a second admin approved
 * (role-invitations.server; its rules in tests/unit/people/role-invitations.test.ts). A second
 * admin approves money, so a one-person path to the role would void every two-person control.
 * This reads the server's code for every way a user row gets its role, so a new path cannot
 * appear silently: it fails here until reviewed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../../..');

function sources(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts|mjs|js)$/.test(e.name))
        out.push({ file: path.relative(ROOT, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(path.join(ROOT, dir));
  return out;
}

/** What runs behind a request: the app and the server around it (not scripts, seed or tests). */
const served = () => [...sources('app'), ...sources('server')];

/** The argument text of each call of `name(` in `text` (balanced parentheses). */
function calls(text: string, name: string): string[] {
  const out: string[] = [];
  let i = text.indexOf(`${name}(`);
  while (i >= 0) {
    let depth = 0;
    let j = i + name.length;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    out.push(text.slice(i + name.length + 1, j));
    i = text.indexOf(`${name}(`, j);
  }
  return out;
}

describe('no page or API can make an account an admin alone', () => {
  it('accounts are created by createAccount alone, an admin only from an approved invitation', () => {
    const callers: Record<string, string[]> = {};
    for (const { file, text } of served()) {
      const args = calls(
        text.replace(/export async function createAccount\(/, ''),
        'createAccount',
      );
      if (args.length > 0) callers[file] = args.map((a) => /\brole\b[^,\n]*/.exec(a)?.[0] ?? '');
    }
    // Each caller and the role it passes; a new one must be read and added here.
    expect(callers).toEqual({
      'app/services/people/riders.server.ts': ["role: 'rider'"],
      'app/services/people/admin-rider-create.server.ts': ["role: 'rider'"],
      'app/services/people/role-invitations.server.ts': ['role: inv.role'],
    });
    // The one caller passing a variable takes it from a sent invitation; an admin's invitation is
    // sent only by the approval of a held change (change-decisions.server).
    const invites = fs.readFileSync(
      path.join(ROOT, 'app/services/people/role-invitations.server.ts'),
      'utf8',
    );
    expect(invites).toMatch(/status: 'held',\s*pendingChangeId: held,/);
    expect(calls(invites, 'send').length).toBe(4); // the definition, a login, a resend, an approval
  });

  it('no other code inserts a user or writes a user’s role', () => {
    const problems: string[] = [];
    for (const { file, text } of served()) {
      if (/\.insert\(users\)/.test(text) && file !== 'app/services/people/users.server.ts')
        problems.push(`${file}: inserts into users`);
      if (/(insert\s+into|update)\s+["`]?users\b/i.test(text))
        problems.push(`${file}: writes users in SQL`);
      for (const m of text.matchAll(/\.update\(users\)\s*\.set\(([\s\S]*?)\)\s*\.where/g))
        if (/\brole\b/.test(m[1]) || !/^\s*\{/.test(m[1]))
          problems.push(`${file}: sets ${m[1].replace(/\s+/g, ' ').slice(0, 80)} on users`);
    }
    expect(problems).toEqual([]);
  });
});
