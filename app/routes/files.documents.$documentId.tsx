/**
 * A rider document (driver's licence, W-9, ID file, profile image, timecard), served only to the
 * rider it belongs to (also while an admin acts as that rider) and to admins.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { documentHeaders, getDocument, readStoredFile } from '~/services/people/documents.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { idParam } from '~/lib/ids';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireApiRole(request, ['rider', 'admin']);
  const id = idParam(params.documentId);
  if (id === null) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const db = getDb();
  const doc = getDocument(db, id);
  if (!doc) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const allowed =
    auth.user.role === 'admin' ||
    (auth.profile.role === 'rider' && auth.profile.id === doc.riderId);
  if (!allowed) return jsonAnswer({ error: 'Forbidden' }, { status: 403 });
  const bytes = readStoredFile(doc.storedName);
  if (!bytes) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { ...documentHeaders(doc), 'Content-Length': String(bytes.byteLength) },
  });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
