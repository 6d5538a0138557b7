/**
 * Rule: an uploaded file's name may hold any character (`=`, `;`, quotes, line breaks, unicode):
 * the upload is read (never a 500), the name is kept as the display name, and the download's
 * Content-Disposition stays one well-formed header.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanOriginalName,
  documentHeaders,
  saveRiderDocument,
  uploadedFile,
} from '~/services/people/documents.server';
import { createDocumentUploadHandler } from '~/http/people/document-upload.server';
import { parseMultipart } from '~/http/multipart.server';
import { createAccount } from '~/services/people/users.server';
import { testDb } from '../helpers/db';
import { tinyPng } from './rider-helpers';

/** How a browser writes the name into the part header (HTML: `"` CR LF percent-encoded). */
function browserEncoded(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A multipart request with one file, its body delivered in chunks of `chunk` bytes. */
function multipartRequest(name: string, bytes: Uint8Array, chunk = 7): Request {
  const head = Buffer.from(
    `--XyZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndriversLicence\r\n` +
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${browserEncoded(name)}"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const body = Buffer.concat([head, Buffer.from(bytes), Buffer.from('\r\n--XyZ--\r\n')]);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, at + chunk)));
      at += chunk;
    },
  });
  return new Request('http://localhost/auth/rider/profile', {
    method: 'POST',
    headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

const NAMES: [string, string][] = [
  ['scan=1.png', 'scan=1.png'],
  ['a;b.png', 'a;b.png'],
  ['x; filename="evil.html".png', 'x; filename="evil.html".png'],
  ['line\r\nbreak.png', 'line break.png'],
  ['say "cheese".png', 'say "cheese".png'],
  ['permis de conduire — été 📷.png', 'permis de conduire — été 📷.png'],
  ["it's (1) *ok*!.png", "it's (1) *ok*!.png"],
  ['100%3D.png', '100%3D.png'],
  ['a=b;c=d%25.png', 'a=b;c=d%25.png'],
];

describe('upload file names with any character', () => {
  it.each(NAMES)('%j is read, stored and shown as %j', async (name, shown) => {
    const png = tinyPng();
    const { handler } = createDocumentUploadHandler();
    const form = await parseMultipart(multipartRequest(name, png), handler);
    expect(form.get('kind')).toBe('driversLicence');
    const file = await uploadedFile(form.get('file'));
    expect(file?.bytes).toEqual(png);
    expect(cleanOriginalName(file!.name)).toBe(shown);

    const db = testDb();
    const { profileId, user } = await createAccount(db, {
      role: 'rider',
      email: 'names@example.com',
      password: 'Password123',
      firstName: 'N',
      lastName: 'R',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-names-'));
    const saved = saveRiderDocument(
      db,
      { id: profileId, userId: user.id },
      'driversLicence',
      file,
      { userId: user.id, proxyHostUserId: null },
      dir,
    );
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.document.originalName).toBe(shown);
    expect(fs.readdirSync(path.join(dir, 'documents'))).toEqual([saved.document.storedName]);

    const disposition = documentHeaders(saved.document)['Content-Disposition'];
    // One header line, one quoted ASCII name, an RFC 5987 value that decodes to the name.
    expect(disposition).toMatch(
      /^inline; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~-]*$/,
    );
    const ext = /filename\*=UTF-8''(.*)$/.exec(disposition)![1];
    expect(decodeURIComponent(ext)).toBe(shown);
    expect(() => new Headers({ 'Content-Disposition': disposition })).not.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a body whose part headers cannot be read is a 400, not a server error', async () => {
    const bad = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="x\r\n\r\nabc\r\n--XyZ--\r\n',
    });
    const { handler } = createDocumentUploadHandler();
    const thrown = await parseMultipart(bad, handler).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});
