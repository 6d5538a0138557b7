/**
 * The dealer's receipt of one of its redemptions, for the receipt page and its print view: the
 * dealer's own redemptions only (another dealer's, or an unknown code, is a 404).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { requireRole } from '~/services/auth/guard.server';
import { dealerReceipt } from '~/services/money/counter/receipt.server';

export async function dealerReceiptLoader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireRole(request, 'dealer');
  const receipt = dealerReceipt(getDb(), profile.id, params.redemptionId);
  if (!receipt) throw new Response('Not found', { status: 404 });
  return receipt;
}
