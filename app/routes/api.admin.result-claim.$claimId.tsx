/**
 * POST /api/admin/result-claim/{claimId} (admin), JSON `{ decision: 'approve' }` or
 * `{ decision: 'refuse', reason }`. Approval links the result to the rider and recomputes the
 * event's awards. → 200 { claim }; 404 unknown claim; 400 bad body or already decided; 409
 * { conflicts } when approving would take back money already spent, claimed or paid.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { claimDecisionApiSchema } from '~/lib/schemas/claims';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, idOr400, parseOr400, readJson } from '~/http/api.server';
import { decideClaimWithMail } from '~/services/money/claims/result-claim-mail.server';
import { listClaims } from '~/services/money/claims/result-claims.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  const claim = listClaims(getDb(), { role: 'admin' }, idOr400(params.claimId))[0];
  if (!claim) return jsonAnswer({ error: 'Not found' }, { status: 404 });
  return jsonAnswer({ claim });
}

export async function action({ request, params }: ActionFunctionArgs) {
  allowMethods(request, 'GET', 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const id = idOr400(params.claimId);
  const body = parseOr400(claimDecisionApiSchema, await readJson(request));
  const db = getDb();
  const out = await decideClaimWithMail(db, id, { role: 'admin' }, body, auth.actor);
  if (out.ok) return jsonAnswer({ claim: out.claim });
  if (out.error === 'notFound') return jsonAnswer({ error: 'Not found' }, { status: 404 });
  if (out.error === 'conflicts') {
    return jsonAnswer(
      {
        error: 'completion:api.claimConflicts',
        conflicts: 'conflicts' in out ? out.conflicts : [],
      },
      { status: 409 },
    );
  }
  return jsonAnswer({ error: 'completion:api.claimDecided' }, { status: 400 });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
