/** Document uploads: png or jpg by content (magic bytes), at most 10MB, stored outside public/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unstable_parseMultipartFormData } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riderDocuments, users } from '#db/schema';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import {
  checkUpload,
  deleteRiderDocument,
  detectImageType,
  missingProDocuments,
  saveRiderDocument,
  uploadedFile,
} from '~/services/people/documents.server';
import { createDocumentUploadHandler } from '~/http/people/document-upload.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { pdfBytes, tinyPng } from './rider-helpers';

const ACTOR = { userId: null, proxyHostUserId: null };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

function file(name: string, bytes: Uint8Array) {
  return { name, size: bytes.byteLength, bytes };
}

/** Bytes of `size` that start like a PNG. */
function bigPng(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(tinyPng().slice(0, 8));
  return bytes;
}

/** A PNG signature and an IHDR chunk declaring width × height (no pixel data). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set(tinyPng().slice(0, 8));
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // IHDR
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2], 24);
  return bytes;
}

/** A JPEG start, an APP0 segment, then a baseline frame header declaring width × height. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

describe('upload checks', () => {
  it('recognises png and jpg by their content', () => {
    expect(detectImageType(tinyPng())).toEqual({ mime: 'image/png', ext: 'png' });
    expect(detectImageType(JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(detectImageType(pdfBytes())).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it('refuses a PDF renamed .png, accepts a real png', () => {
    expect(checkUpload(file('licence.png', pdfBytes()))).toEqual({
      ok: false,
      error: 'rider:documents.errors.notImage',
    });
    expect(checkUpload(file('licence.png', tinyPng()))).toMatchObject({
      ok: true,
      type: { mime: 'image/png' },
    });
    // The name does not matter either way: a real jpg called .pdf is a jpg.
    expect(checkUpload(file('licence.pdf', JPEG))).toMatchObject({
      ok: true,
      type: { ext: 'jpg' },
    });
  });

  it('accepts exactly 10MB and refuses more; an empty file is missing', () => {
    expect(checkUpload(file('big.png', bigPng(UPLOAD_MAX_BYTES))).ok).toBe(true);
    expect(checkUpload(file('big.png', bigPng(UPLOAD_MAX_BYTES + 1)))).toEqual({
      ok: false,
      error: 'rider:documents.errors.tooLarge',
    });
    expect(checkUpload(file('none.png', new Uint8Array()))).toEqual({
      ok: false,
      error: 'rider:documents.errors.required',
    });
    expect(checkUpload(null)).toEqual({ ok: false, error: 'rider:documents.errors.required' });
  });

  it('refuses an image whose header declares more than 40 megapixels, PNG or JPEG', () => {
    const tooMany = { ok: false, error: 'security:imageTooManyPixels' };
    expect(checkUpload(file('a.png', pngHeader(8000, 5000))).ok).toBe(true);
    expect(checkUpload(file('a.png', pngHeader(8001, 5000)))).toEqual(tooMany);
    expect(checkUpload(file('a.png', pngHeader(30000, 30000)))).toEqual(tooMany);
    expect(checkUpload(file('a.jpg', jpegHeader(8000, 5000))).ok).toBe(true);
    expect(checkUpload(file('a.jpg', jpegHeader(8000, 5001)))).toEqual(tooMany);
    // A header too short to read declares no size: the file is judged by its type alone.
    expect(checkUpload(file('a.jpg', JPEG)).ok).toBe(true);
  });

  it('the multipart handler drops a file over 10MB, says which field, and keeps the other fields', async () => {
    const fd = new FormData();
    fd.append('intent', 'upload');
    fd.append('kind', 'w9');
    fd.append('file', new Blob([bigPng(UPLOAD_MAX_BYTES + 1024)], { type: 'image/png' }), 'w9.png');
    const request = new Request('http://localhost/auth/rider/profile', {
      method: 'POST',
      body: fd,
    });
    const { handler, tooLarge, fields } = createDocumentUploadHandler();
    const parsed = await unstable_parseMultipartFormData(request, handler);
    expect(tooLarge.has('file')).toBe(true);
    expect(parsed.get('file')).toBeNull();
    expect(parsed.get('kind')).toBe('w9');
    expect(fields.get('intent')).toBe('upload');
  });

  it('the multipart handler keeps a file of 10MB or less', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'me.png');
    const request = new Request('http://localhost/x', { method: 'POST', body: fd });
    const { handler, tooLarge } = createDocumentUploadHandler();
    const parsed = await unstable_parseMultipartFormData(request, handler);
    expect(tooLarge.size).toBe(0);
    const f = await uploadedFile(parsed.get('file'));
    expect(f?.name).toBe('me.png');
    expect(f?.bytes).toEqual(tinyPng());
  });
});

describe('saveRiderDocument', () => {
  async function rider() {
    const db = testDb();
    const { user, profileId } = await createAccount(db, {
      role: 'rider',
      email: 'docs@riders.test',
      password: 'Password123',
      firstName: 'D',
      lastName: 'R',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-docs-'));
    return { db, ref: { id: profileId, userId: user.id }, dir };
  }

  it('stores a real png under a random name in the upload folder, and a profile image on the user', async () => {
    const { db, ref, dir } = await rider();
    const saved = saveRiderDocument(
      db,
      ref,
      'profileImage',
      file('../../etc/me.png', tinyPng()),
      ACTOR,
      dir,
    );
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.document.storedName).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(saved.document.originalName).toBe('me.png');
    expect(fs.readFileSync(path.join(dir, 'documents', saved.document.storedName))).toEqual(
      Buffer.from(tinyPng()),
    );
    expect(db.select().from(users).where(eq(users.id, ref.userId)).get()?.profileImage).toBe(
      saved.document.storedName,
    );

    expect(deleteRiderDocument(db, ref, saved.document.id, ACTOR, dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'documents', saved.document.storedName))).toBe(false);
    expect(db.select().from(users).where(eq(users.id, ref.userId)).get()?.profileImage).toBeNull();
  });

  it('stores nothing for a PDF renamed .png', async () => {
    const { db, ref, dir } = await rider();
    expect(
      saveRiderDocument(db, ref, 'driversLicence', file('licence.png', pdfBytes()), ACTOR, dir),
    ).toEqual({
      ok: false,
      error: 'rider:documents.errors.notImage',
    });
    expect(db.select().from(riderDocuments).all()).toHaveLength(0);
    expect(fs.existsSync(path.join(dir, 'documents'))).toBe(false);
  });

  it("a rider cannot delete another rider's document", async () => {
    const { db, ref, dir } = await rider();
    const saved = saveRiderDocument(db, ref, 'w9', file('w9.jpg', JPEG), ACTOR, dir);
    if (!saved.ok) throw new Error('not saved');
    expect(
      deleteRiderDocument(
        db,
        { id: ref.id + 1, userId: ref.userId + 1 },
        saved.document.id,
        ACTOR,
        dir,
      ),
    ).toBe(false);
    expect(db.select().from(riderDocuments).all()).toHaveLength(1);
  });
});

describe('pro documents notice', () => {
  const pro = { level: 'pro' as const, amaNumber: '42', usPerson: true };
  it('asks a US pro with an AMA number for a licence and a W-9 until both are on file', () => {
    expect(missingProDocuments(pro, [])).toEqual(['driversLicence', 'w9']);
    expect(missingProDocuments(pro, [{ kind: 'driversLicence' }])).toEqual(['w9']);
    expect(missingProDocuments(pro, [{ kind: 'driversLicence' }, { kind: 'w9' }])).toEqual([]);
  });
  it('asks no W-9 of a non-US pro, nothing of amateurs or pros without an AMA number', () => {
    expect(missingProDocuments({ ...pro, usPerson: false }, [])).toEqual(['driversLicence']);
    expect(missingProDocuments({ ...pro, level: 'amateur' }, [])).toEqual([]);
    expect(missingProDocuments({ ...pro, amaNumber: null }, [])).toEqual([]);
  });
});
