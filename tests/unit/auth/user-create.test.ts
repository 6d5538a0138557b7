/**
 * `npm run user:create` applies the site's password rules: the spec's, then the strength rule
 * (not the published demo password, not a common one). An operator's admin password is the most
 * valuable of all.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-user-create-'));

function userCreate(email: string, password: string) {
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/user-create.ts',
      '--role',
      'admin',
      '--email',
      email,
      '--password',
      password,
    ],
    {
      env: { ...process.env, DATABASE_PATH: path.join(dir, 'app.db') },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('user:create', () => {
  it('the rule: refuses a common password and the demo password, with the site’s message; accepts a strong one', () => {
    const common = userCreate('boss@cash.example', 'password');
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('--password: This password is too common');
    const demo = userCreate('boss@cash.example', 'Password123');
    expect(demo.status).toBe(1);
    expect(demo.stderr).toContain('--password: This is the demo’s published password');
    const named = userCreate('rosalind.kowalczyk@cash.example', 'RosalindKowalczyk');
    expect(named.status).toBe(1);
    const ok = userCreate('boss@cash.example', 'Gravel-Track-Ride-42');
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toContain('Created admin boss@cash.example');
  }, 120_000);
});
