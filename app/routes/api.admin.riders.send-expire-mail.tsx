/**
 * POST /api/admin/riders/send-expire-mail (admin only): e-mails riders whose dealer
 * credit expires within 30 days, one e-mail per award, never twice. Response: { sent }.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { sendExpiryMail } from '~/services/money/ledger/expiry.server';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { allowMethods, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = onlyMethods('POST');

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const auth = await requireApiRole(request, ['admin']);
  const sent = await sendExpiryMail(getDb(), new Date(), auth.actor);
  return jsonAnswer({ sent });
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
