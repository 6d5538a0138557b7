import path from 'node:path';
import { SERVER_ENV } from '../scripts/node-flags.mjs';

/**
 * The environment a bench starts the app with, on `dbFile` with its mail outbox and uploads in
 * `dir`: production, the server's memory settings, the secrets `bench:data` hashed the PINs with,
 * rate limits out of the way of a load generator.
 */
export function benchAppEnv(buildDir: string, dbFile: string, dir: string): Record<string, string> {
  return {
    ...SERVER_ENV,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    DATABASE_PATH: dbFile,
    SESSION_SECRET: 'bench-secret-0123456789abcdef',
    PIN_SECRET: process.env.PIN_SECRET ?? 'bench-pin-secret-0123456789abcdef', // as bench:data hashed them
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    RATE_LIMIT_FACTOR: '1000',
  };
}
