/** A user's profile image, for any signed-in user (the dashboard header shows it). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { ROLES } from '~/lib/constants';
import {
  detectImageType,
  documentHeaders,
  readStoredFile,
} from '~/services/people/documents.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { profileImageOf } from '~/services/people/users.server';
import { idParam } from '~/lib/ids';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiRole(request, ROLES);
  const id = idParam(params.userId);
  if (id === null) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const profileImage = profileImageOf(getDb(), id);
  const bytes = profileImage ? readStoredFile(profileImage) : null;
  if (!profileImage || !bytes) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  const etag = `"${profileImage}"`;
  if (request.headers.get('If-None-Match') === etag)
    return new Response(null, { status: 304, headers: { ETag: etag } });
  const type = detectImageType(bytes);
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...documentHeaders({
        mimeType: type?.mime ?? 'image/jpeg',
        originalName: `profile.${type?.ext ?? 'jpg'}`,
      }),
      'Cache-Control': 'private, no-cache',
      ETag: etag,
      'Content-Length': String(bytes.byteLength),
    },
  });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
