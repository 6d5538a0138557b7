/**
 * POST /api/rider/rider/{riderId}/upload-id-files (multipart): the rider's own ID files.
 * Every file part is checked (png or jpg by content, up to 10MB) before anything is stored;
 * an optional `kind` field (idFile, driversLicence, w9; default idFile) says what they are.
 * → 201 { documents: [{ id, kind, originalName, url }] }
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import type { RiderUploadKind } from '~/lib/schemas/rider';
import {
  checkUpload,
  saveRiderDocument,
  UPLOAD_ERRORS,
  uploadedFile,
  type UploadedFile,
} from '~/services/people/documents.server';
import { readDocumentUpload } from '~/http/people/document-upload.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

const API_KINDS: RiderUploadKind[] = ['idFile', 'driversLicence', 'w9'];

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['rider']);
  const riderId = idOr400(params.riderId);
  if (auth.profile.role !== 'rider' || auth.profile.id !== riderId) {
    return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  }
  const formData = await readDocumentUpload(request);
  if (formData instanceof Response) return formData;
  const kindValue = formData.get('kind') ?? 'idFile';
  if (!API_KINDS.includes(kindValue as RiderUploadKind))
    return jsonAnswer({ error: 'completion:api.invalidKind' }, { status: 400 });
  const kind = kindValue as RiderUploadKind;

  const files: { field: string; file: UploadedFile }[] = [];
  for (const [field, value] of formData.entries()) {
    const file = await uploadedFile(value);
    if (file) files.push({ field, file });
  }
  if (files.length === 0) return jsonAnswer({ error: UPLOAD_ERRORS.required }, { status: 400 });
  for (const { field, file } of files) {
    const check = checkUpload(file);
    if (!check.ok)
      return jsonAnswer({ error: check.error, field, name: file.name }, { status: 400 });
  }
  const db = getDb();
  const documents = [];
  for (const { file } of files) {
    const saved = saveRiderDocument(
      db,
      { id: riderId, userId: auth.user.id },
      kind,
      file,
      auth.actor,
    );
    if (!saved.ok) return jsonAnswer({ error: saved.error, name: file.name }, { status: 400 });
    const d = saved.document;
    documents.push({
      id: d.id,
      kind: d.kind,
      originalName: d.originalName,
      url: `/files/documents/${d.id}`,
    });
  }
  return jsonAnswer({ documents }, { status: 201 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
