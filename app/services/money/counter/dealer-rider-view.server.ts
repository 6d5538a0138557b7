/**
 * What a dealer's API sees of a rider (least data, ASVS 8.3.x): what the counter needs — name,
 * town, AMA number, photo, credit spendable at this dealer — and never the rider's e-mail,
 * phones, date of birth or full VINs (a bike shows its last 4 characters).
 */
import type { DB } from '~/db.server';
import { availableCredit } from '~/services/money/ledger/credit.server';
import { dealerCurrency, getDealer } from '~/services/money/counter/dealer-counter.server';

/** A VIN reduced to its last 4 characters (enough to tell a rider's bikes apart at the counter). */
function maskVin(vin: string | null): string | null {
  if (!vin) return vin;
  return `${'*'.repeat(Math.max(0, vin.length - 4))}${vin.slice(-4)}`;
}

type RiderRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  level: string;
  amaNumber: string | null;
  city: string | null;
  state: string | null;
  country: string;
};
type BikeRow = {
  id: number;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  valid: boolean | null;
};

export function dealerRiderView<R>(
  db: DB,
  rider: RiderRow,
  user: { deactivated: boolean; profileImage: unknown },
  hasPin: boolean,
  bikes: BikeRow[],
  creditRedemptions: R[],
  dealerId: number,
) {
  const dealer = getDealer(db, dealerId);
  const currency = dealerCurrency({ country: dealer?.country ?? 'US' });
  const credit = availableCredit(db, rider.id, new Date(), currency);
  return {
    rider: {
      id: rider.id,
      firstName: rider.firstName,
      lastName: rider.lastName,
      fullName: `${rider.firstName} ${rider.lastName}`,
      level: rider.level,
      amaNumber: rider.amaNumber,
      city: rider.city,
      state: rider.state,
      country: rider.country,
      profileImage: user.profileImage ? `/files/profile/${rider.userId}` : null,
      hasPin,
      deactivated: user.deactivated,
      credit: {
        currency,
        availableCents: credit.totalCents,
        expiringSoonCents: credit.expiringSoonCents,
      },
      bikes: bikes.map((b) => ({
        id: b.id,
        vin: maskVin(b.vin),
        year: b.year,
        make: b.make,
        model: b.model,
        valid: b.valid,
      })),
    },
    creditRedemptions,
    payoutClaims: [] as never[],
  };
}
