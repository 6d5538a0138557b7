/**
 * POST /api/admin/rider/{riderId}/timecard (admin, multipart, one file part): files a rider's
 * timecard, png or jpg up to 10MB checked by its content.
 * → 201 { document: { id, kind, originalName, file, url } }; 400 / 413 / 415 with the reason.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { allowMethods, idOr400, onlyMethods } from '~/http/api.server';
import { saveTimecard, uploadedFile, UPLOAD_ERRORS } from '~/services/people/documents.server';
import { readDocumentUpload } from '~/http/people/document-upload.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const riderId = idOr400(params.riderId);
  const formData = await readDocumentUpload(request);
  if (formData instanceof Response) return formData;
  const files = [];
  for (const value of formData.values()) {
    const file = await uploadedFile(value);
    if (file) files.push(file);
  }
  if (files.length !== 1) return jsonAnswer({ error: UPLOAD_ERRORS.required }, { status: 400 });
  const saved = saveTimecard(getDb(), riderId, files[0]!, auth.actor);
  if (!saved.ok) {
    if (saved.error === 'notFound')
      return jsonAnswer({ error: 'Not a valid rider.' }, { status: 404 });
    return jsonAnswer({ error: saved.error, name: files[0]!.name }, { status: 400 });
  }
  const d = saved.document;
  return jsonAnswer(
    {
      document: {
        id: d.id,
        kind: d.kind,
        originalName: d.originalName,
        file: d.storedName,
        url: `/files/documents/${d.id}`,
      },
    },
    { status: 201 },
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
