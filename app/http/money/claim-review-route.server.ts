/**
 * The claim review page's loader and action, shared by the admin and promoter routes:
 * the claims the reviewer may see; approve, or refuse with a reason; both sides mailed.
 */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { claimDecisionFormSchema } from '~/lib/schemas/claims';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { decideClaimWithMail } from '~/services/money/claims/result-claim-mail.server';
import { listClaims, type ClaimScope } from '~/services/money/claims/result-claims.server';

async function reviewer(request: Request, role: 'admin' | 'promoter') {
  const auth = await requireRole(request, role);
  const scope: ClaimScope = role === 'admin' ? { role } : { role, promoterId: auth.profile.id };
  return { auth, scope };
}

export async function claimReviewLoader(request: Request, role: 'admin' | 'promoter') {
  const { scope } = await reviewer(request, role);
  return { claims: listClaims(getDb(), scope) };
}

export async function claimReviewAction(request: Request, role: 'admin' | 'promoter') {
  const { auth, scope } = await reviewer(request, role);
  const submission = parseWithZod(await request.formData(), { schema: claimDecisionFormSchema });
  if (submission.status !== 'success') {
    return data(
      {
        claimId: Number(submission.payload.claimId) || 0,
        reply: submission.reply(),
        conflicts: [],
      },
      { status: 400 },
    );
  }
  const v = submission.value;
  const db = getDb();
  const out = await decideClaimWithMail(
    db,
    v.claimId,
    scope,
    v.intent === 'approve' ? { decision: 'approve' } : { decision: 'refuse', reason: v.reason },
    auth.actor,
  );
  if (!out.ok) {
    if (out.error === 'notFound') throw new Response('Not Found', { status: 404 });
    return data(
      {
        claimId: v.claimId,
        reply: submission.reply({ formErrors: [`claims:errors.${out.error}`] }),
        conflicts: 'conflicts' in out ? out.conflicts : [],
      },
      { status: out.error === 'conflicts' ? 409 : 400 },
    );
  }
  return redirectWithFlash(localizePath(`/auth/${role}/claims`, requestLang(request)), {
    kind: 'success',
    message: v.intent === 'approve' ? 'claims:review.approved' : 'claims:review.refused',
  });
}
