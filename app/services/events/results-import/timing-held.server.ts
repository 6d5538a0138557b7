/**
 * A results file held between the upload and the mapping step: its rows are kept in a
 * file of the data folder under an unguessable token, for the user who uploaded it and the event
 * it was uploaded to only, and for HELD_TTL_MS; an expired file is deleted when met and swept
 * whenever another file is held. No table: nothing here is a record, and nothing survives a day.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ResultShape } from '~/services/events/results-import/results-parser.server';
import type { SheetRow } from '~/services/events/files/sheet-cells.server';

/** How long a held upload waits for its mapping (30 minutes). */
export const HELD_TTL_MS = 30 * 60 * 1000;

export type HeldUpload = {
  userId: number;
  eventId: number;
  shape: ResultShape;
  classId: number | null;
  fileName: string;
  rows: SheetRow[];
  expiresAt: number;
};

/** A token as we issue it: 32 random bytes in base64url (also keeps any path out of the name). */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function fileOf(dir: string, token: string) {
  return path.join(dir, `${token}.json`);
}

function read(file: string): HeldUpload | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as HeldUpload;
  } catch {
    return null;
  }
}

/** Deletes every held upload past its time. */
export function sweepHeld(dir: string, now: Date = new Date()) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const held = read(file);
    if (!held || held.expiresAt <= now.getTime()) fs.rmSync(file, { force: true });
  }
}

/** Holds an upload's rows for its user and event; returns the token naming it. */
export function holdUpload(
  dir: string,
  upload: Omit<HeldUpload, 'expiresAt'>,
  now: Date = new Date(),
): string {
  sweepHeld(dir, now);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  const held: HeldUpload = { ...upload, expiresAt: now.getTime() + HELD_TTL_MS };
  const file = fileOf(dir, token);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(held), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return token;
}

/**
 * The upload a token names, when it is this user's upload to this event and has not expired;
 * else null (an expired one is deleted).
 */
export function heldUpload(
  dir: string,
  token: string,
  who: { userId: number; eventId: number },
  now: Date = new Date(),
): HeldUpload | null {
  if (!TOKEN_RE.test(token)) return null;
  const file = fileOf(dir, token);
  const held = read(file);
  if (!held) return null;
  if (held.expiresAt <= now.getTime()) {
    fs.rmSync(file, { force: true });
    return null;
  }
  if (held.userId !== who.userId || held.eventId !== who.eventId) return null;
  return held;
}

/** Forgets a held upload (stored or abandoned). */
export function dropHeld(dir: string, token: string) {
  if (TOKEN_RE.test(token)) fs.rmSync(fileOf(dir, token), { force: true });
}
