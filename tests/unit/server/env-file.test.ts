/** Day one for an operator: `.env` is read when present, never required, never over the environment. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvFile } from '../../../scripts/env-file.mjs';

describe('the .env file', () => {
  it('is read into the environment: set values only, the environment wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-envfile-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(
      file,
      '# a comment\nPORT=4321\nDATABASE_PATH=/srv/cc/app.db\nSMTP_URL=\nMAIL_FROM="cc <no-reply@x.test>"\nLOG_LEVEL=debug\n',
    );
    const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn' };
    const set = loadEnvFile(file, env);
    expect(env).toEqual({
      PORT: '4321',
      DATABASE_PATH: '/srv/cc/app.db',
      MAIL_FROM: 'cc <no-reply@x.test>',
      LOG_LEVEL: 'warn',
    });
    expect(set.sort()).toEqual(['DATABASE_PATH', 'MAIL_FROM', 'PORT']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('is optional: no file, nothing changes and nothing fails', () => {
    const env: Record<string, string | undefined> = { PORT: '3000' };
    expect(loadEnvFile(path.join(os.tmpdir(), 'no-such-dir', '.env'), env)).toEqual([]);
    expect(env).toEqual({ PORT: '3000' });
  });
  it('.env.example copied as it is sets nothing (every line is a comment)', () => {
    const env: Record<string, string | undefined> = {};
    expect(loadEnvFile(path.resolve(import.meta.dirname, '../../../.env.example'), env)).toEqual(
      [],
    );
    expect(env).toEqual({});
  });
});
