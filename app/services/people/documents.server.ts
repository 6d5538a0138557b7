/**
 * Rider documents (driver's licence, W-9, ID files, profile image): png or jpg up to 10MB,
 * recognised by their CONTENT (magic bytes), never by name or declared type. Files are stored
 * under UPLOAD_DIR/documents (outside public/) with a random name; `rider_documents` keeps the
 * original name for display. Served only through /files/... routes that check who asks.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { writeTx, type DB } from '~/db.server';
import { riderDocuments, riders, users } from '#db/schema';
import { env } from '~/env.server';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import type { RiderUploadKind } from '~/lib/schemas/rider';
import { audit, type Actor } from '~/services/platform/audit.server';
import { cleanOriginalName, rfc5987 } from '~/lib/file-names';

export { cleanOriginalName };

export type ImageType = { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' };
export type RiderDocument = typeof riderDocuments.$inferSelect;

/** i18n keys of upload errors (shown next to the file field). */
export const UPLOAD_ERRORS = {
  required: 'rider:documents.errors.required',
  tooLarge: 'rider:documents.errors.tooLarge',
  notImage: 'rider:documents.errors.notImage',
  tooManyPixels: 'security:imageTooManyPixels',
} as const;
export type UploadError = (typeof UPLOAD_ERRORS)[keyof typeof UPLOAD_ERRORS];

/** Most pixels an uploaded image may have (40 megapixels: any phone photo fits). */
const MAX_IMAGE_PIXELS = 40_000_000;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const STORED_NAME_RE = /^[a-f0-9]{32}\.(png|jpg)$/;

/** The image type of some bytes by their signature: PNG or JPEG, else null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= PNG_MAGIC.length && PNG_MAGIC.every((b, i) => bytes[i] === b)) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  return null;
}

/**
 * The pixel count an image's header declares, read without decoding the image; null when the
 * header cannot be read (image-size throws), as no viewer would decode such a file into a bitmap.
 */
function declaredPixels(bytes: Uint8Array): number | null {
  try {
    const { width, height } = imageSize(bytes);
    return width * height;
  } catch {
    return null;
  }
}

/** An uploaded file as the upload handler keeps it. */
export type UploadedFile = { name: string; size: number; bytes: Uint8Array };

/** Checks an uploaded file: present, at most 10MB, a real png or jpg. */
export function checkUpload(
  file: UploadedFile | null | undefined,
): { ok: true; type: ImageType } | { ok: false; error: UploadError } {
  if (!file || file.size === 0) return { ok: false, error: UPLOAD_ERRORS.required };
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, error: UPLOAD_ERRORS.tooLarge };
  const type = detectImageType(file.bytes);
  if (!type) return { ok: false, error: UPLOAD_ERRORS.notImage };
  // A header declaring a huge bitmap (a decompression bomb for whoever displays it) is refused.
  const pixels = declaredPixels(file.bytes);
  if (pixels !== null && pixels > MAX_IMAGE_PIXELS)
    return { ok: false, error: UPLOAD_ERRORS.tooManyPixels };
  return { ok: true, type };
}

/** Reads a File from parsed form data into an UploadedFile (null when not a file). */
export async function uploadedFile(value: FormDataEntryValue | null): Promise<UploadedFile | null> {
  if (!value || typeof value === 'string') return null;
  const bytes = new Uint8Array(await value.arrayBuffer());
  return { name: value.name, size: bytes.byteLength, bytes };
}

/** The folder holding rider documents. */
function documentsDir(uploadDir: string = env().UPLOAD_DIR): string {
  return path.join(uploadDir, 'documents');
}

/** The absolute path of a stored document (the name is ours, checked again here). */
function storedPath(storedName: string, uploadDir?: string): string {
  if (!STORED_NAME_RE.test(storedName)) throw new Error('Bad stored document name');
  return path.join(documentsDir(uploadDir), storedName);
}

/**
 * Checks and stores one document for a rider; a profile image also becomes the user's picture.
 * Returns the row, or the error key (nothing stored).
 */
export function saveRiderDocument(
  db: DB,
  rider: { id: number; userId: number },
  kind: RiderUploadKind | 'timecard',
  file: UploadedFile | null,
  actor: Actor,
  uploadDir?: string,
): { ok: true; document: RiderDocument } | { ok: false; error: UploadError } {
  const check = checkUpload(file);
  if (!check.ok || !file)
    return { ok: false, error: check.ok ? UPLOAD_ERRORS.required : check.error };
  const storedName = `${randomBytes(16).toString('hex')}.${check.type.ext}`;
  const target = storedPath(storedName, uploadDir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, file.bytes, { flag: 'wx', mode: 0o600 });
  try {
    const document = writeTx(db, (tx) => {
      const row = tx
        .insert(riderDocuments)
        .values({
          riderId: rider.id,
          kind,
          originalName: cleanOriginalName(file.name),
          storedName,
          mimeType: check.type.mime,
          sizeBytes: file.size,
          uploadedByUserId: actor.userId,
        })
        .returning()
        .get();
      if (kind === 'profileImage') {
        tx.update(users)
          .set({ profileImage: storedName, updatedAt: new Date().toISOString() })
          .where(eq(users.id, rider.userId))
          .run();
      }
      audit(
        tx,
        actor,
        'rider.documentUploaded',
        { type: 'rider', id: rider.id },
        { kind, documentId: row.id },
      );
      return row;
    });
    return { ok: true, document };
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  }
}

/** A rider's documents, newest first (timecards included: admins upload those). */
export function listRiderDocuments(db: DB, riderId: number): RiderDocument[] {
  return db
    .select()
    .from(riderDocuments)
    .where(eq(riderDocuments.riderId, riderId))
    .orderBy(desc(riderDocuments.createdAt), desc(riderDocuments.id))
    .all();
}

/** One document by id, or undefined. */
export function getDocument(db: DB, documentId: number): RiderDocument | undefined {
  return db.select().from(riderDocuments).where(eq(riderDocuments.id, documentId)).get();
}

/** Removes one of the rider's own documents (row and file); false when it is not theirs. */
export function deleteRiderDocument(
  db: DB,
  rider: { id: number; userId: number },
  documentId: number,
  actor: Actor,
  uploadDir?: string,
): boolean {
  const removed = writeTx(db, (tx) => {
    const doc = tx
      .select()
      .from(riderDocuments)
      .where(and(eq(riderDocuments.id, documentId), eq(riderDocuments.riderId, rider.id)))
      .get();
    if (!doc || doc.kind === 'timecard') return null;
    tx.delete(riderDocuments).where(eq(riderDocuments.id, doc.id)).run();
    if (doc.kind === 'profileImage') {
      // Fall back to the previous profile image, if any.
      const previous = tx
        .select()
        .from(riderDocuments)
        .where(and(eq(riderDocuments.riderId, rider.id), eq(riderDocuments.kind, 'profileImage')))
        .orderBy(desc(riderDocuments.createdAt), desc(riderDocuments.id))
        .get();
      const current = tx
        .select({ profileImage: users.profileImage })
        .from(users)
        .where(eq(users.id, rider.userId))
        .get();
      if (current?.profileImage === doc.storedName) {
        tx.update(users)
          .set({ profileImage: previous?.storedName ?? null, updatedAt: new Date().toISOString() })
          .where(eq(users.id, rider.userId))
          .run();
      }
    }
    audit(
      tx,
      actor,
      'rider.documentDeleted',
      { type: 'rider', id: rider.id },
      { kind: doc.kind, documentId: doc.id },
    );
    return doc;
  });
  if (!removed) return false;
  fs.rmSync(storedPath(removed.storedName, uploadDir), { force: true });
  return true;
}

/**
 * Timecards: an admin files a rider's timecard
 * (png or jpg, checked like every document). The rider does not see or remove them.
 */
export function saveTimecard(
  db: DB,
  riderId: number,
  file: UploadedFile | null,
  actor: Actor,
  uploadDir?: string,
): { ok: true; document: RiderDocument } | { ok: false; error: UploadError | 'notFound' } {
  const rider = db
    .select({ id: riders.id, userId: riders.userId })
    .from(riders)
    .where(eq(riders.id, riderId))
    .get();
  if (!rider) return { ok: false, error: 'notFound' };
  return saveRiderDocument(db, rider, 'timecard', file, actor, uploadDir);
}

/** Removes a rider's timecard, named by its id or stored file name; false when there is none. */
export function deleteTimecard(
  db: DB,
  riderId: number,
  file: string,
  actor: Actor,
  uploadDir?: string,
): boolean {
  const byId = /^\d+$/.test(file)
    ? eq(riderDocuments.id, Number(file))
    : eq(riderDocuments.storedName, file);
  const removed = writeTx(db, (tx) => {
    const doc = tx
      .select()
      .from(riderDocuments)
      .where(and(byId, eq(riderDocuments.riderId, riderId), eq(riderDocuments.kind, 'timecard')))
      .get();
    if (!doc) return null;
    tx.delete(riderDocuments).where(eq(riderDocuments.id, doc.id)).run();
    audit(
      tx,
      actor,
      'rider.documentDeleted',
      { type: 'rider', id: riderId },
      { kind: doc.kind, documentId: doc.id },
    );
    return doc;
  });
  if (!removed) return false;
  fs.rmSync(storedPath(removed.storedName, uploadDir), { force: true });
  return true;
}

/** The bytes of a stored document, or null when the file is missing. */
export function readStoredFile(storedName: string, uploadDir?: string): Buffer | null {
  if (!STORED_NAME_RE.test(storedName)) return null;
  try {
    return fs.readFileSync(storedPath(storedName, uploadDir));
  } catch {
    return null;
  }
}

/** Which documents a pro rider still has to upload (driver's licence; W-9 for US persons). */
export function missingProDocuments(
  rider: { level: 'amateur' | 'pro'; amaNumber: string | null; usPerson: boolean },
  documents: Pick<RiderDocument, 'kind'>[],
): ('driversLicence' | 'w9')[] {
  if (rider.level !== 'pro' || !rider.amaNumber) return [];
  const kinds = new Set(documents.map((d) => d.kind));
  const missing: ('driversLicence' | 'w9')[] = [];
  if (!kinds.has('driversLicence')) missing.push('driversLicence');
  if (rider.usPerson && !kinds.has('w9')) missing.push('w9');
  return missing;
}

/** Headers for serving a stored document inline (any display name gives a well-formed header). */
export function documentHeaders(doc: {
  mimeType: string;
  originalName: string;
  sizeBytes?: number;
}): Record<string, string> {
  const ascii = doc.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': doc.mimeType === 'image/png' ? 'image/png' : 'image/jpeg',
    'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${rfc5987(doc.originalName)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    'Cache-Control': 'private, no-store',
  };
}
