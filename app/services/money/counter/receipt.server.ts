/** A dealer's receipt of one of their redemptions (the receipt page and its print view). */
import type { DB } from '~/db.server';
import { getDealer } from '~/services/money/counter/dealer-counter.server';
import { getCreditRedemption } from '~/services/money/counter/redemption-lists.server';
import { voidStateOf } from '~/services/money/counter/redemption-voids.server';

/**
 * The receipt, or null when the id is not one of this dealer's redemptions (answered as 404);
 * with whether the dealer may still void it (`voiding`).
 */
export function dealerReceipt(
  db: DB,
  dealerId: number,
  rawId: string | undefined,
  now: Date = new Date(),
) {
  const id = rawId && /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) return null;
  const redemption = getCreditRedemption(db, id);
  // Another dealer's redemption is answered like a missing one.
  if (!redemption || redemption.dealerId !== dealerId) return null;
  const dealer = getDealer(db, dealerId);
  if (!dealer) return null;
  return {
    redemption,
    voiding: voidStateOf(redemption, dealer, now),
    dealer: {
      name: dealer.name,
      address: [
        dealer.addressLine1,
        dealer.addressLine2,
        [dealer.city, dealer.state, dealer.zipcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      phone: dealer.phone,
      dealerNumber: dealer.dealerNumber,
    },
  };
}

export type DealerReceipt = NonNullable<ReturnType<typeof dealerReceipt>>;
