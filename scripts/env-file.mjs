/**
 * Reads `.env` (next to package.json, or the file given) into process.env when it exists: the
 * server and every npm script call it first, so an operator's settings live in one file. A
 * variable already set in the environment wins, and an empty value in the file sets nothing (a
 * copy of .env.example changes no default). Node's `--env-file` would refuse to start without the
 * file; this tolerates its absence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export function loadEnvFile(file = path.resolve('.env'), env = process.env) {
  if (!fs.existsSync(file)) return [];
  const values = parseEnv(fs.readFileSync(file, 'utf8'));
  const set = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === '' || env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
