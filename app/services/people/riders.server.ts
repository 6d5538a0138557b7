/**
 * Riders: registration (with the parent or guardian consent of riders under 18), the rider's own
 * profile (personal fields, tax status, PIN) and the rider as the API returns it.
 */
import { columnsOf } from '~/services/platform/columns.server';
import { and, desc, eq } from 'drizzle-orm';
import { writeTx, type DB, type Tx } from '~/db.server';
import {
  bikes,
  creditRedemptions,
  dealers,
  guardianConsents,
  payoutClaims,
  riderDocuments,
  riders,
  users,
  type Rider,
  type User,
} from '#db/schema';
import { formatRedemptionCode } from '~/lib/format';
import { dealerRiderView } from '~/services/money/counter/dealer-rider-view.server';
import type { Lang } from '~/lib/lang';
import { isMinorToday, type RegisterInput, type RiderProfileInput } from '~/lib/schemas/rider';
import { audit, type Actor } from '~/services/platform/audit.server';
import { hashPassword, hashPin } from '~/services/auth/password.server';
import { createAccount, DuplicateEmailError, emailTaken } from '~/services/people/users.server';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { changeRiderEligibility } from '~/services/money/awards/rider-recompute.server';

/** i18n keys of the rider rules. */
const RIDER_ERRORS = {
  guardianName: 'rider:errors.guardianName',
  guardianEmail: 'rider:errors.guardianEmail',
  guardianConsent: 'rider:errors.guardianConsent',
  minorContactSupport: 'rider:errors.minorContactSupport',
} as const;

export type FieldErrors = Record<string, string[]>;

/** The rider fields a registration or profile form writes. */
function riderFields(input: RegisterInput | RiderProfileInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone1: input.phone1,
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    raceStyle: input.raceStyle,
    amaNumber: input.amaNumber ?? null,
    hometown: input.hometown ?? null,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 ?? null,
    city: input.city,
    country: input.country,
    state: input.state,
    zipcode: input.zipcode,
  };
}

/**
 * Creates a rider account (not verified). A rider under 18 today needs a parent or guardian's
 * name, e-mail and consent BEFORE anything is created. An address that has an account creates
 * nothing and answers `emailTaken` to the caller only: the caller must not show it (the form
 * answers the same either way, see ~/services/people/registration.server).
 */
export async function registerRider(
  db: DB,
  input: RegisterInput,
  lang: Lang,
): Promise<
  | { ok: true; user: User; riderId: number }
  | { ok: false; fieldErrors: FieldErrors }
  | { ok: false; emailTaken: true }
> {
  const fieldErrors: FieldErrors = {};
  const minor = isMinorToday(input.dateOfBirth);
  if (minor) {
    if (!input.guardianName) fieldErrors.guardianName = [RIDER_ERRORS.guardianName];
    if (!input.guardianEmail) fieldErrors.guardianEmail = [RIDER_ERRORS.guardianEmail];
    if (input.guardianConsent !== true)
      fieldErrors.guardianConsent = [RIDER_ERRORS.guardianConsent];
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (emailTaken(db, input.email)) {
    // The same hashing work as a creation: the answer's timing tells nothing either.
    await hashPassword(input.password);
    return { ok: false, emailTaken: true };
  }

  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(db, {
      role: 'rider',
      email: input.email,
      password: input.password,
      emailVerified: false,
      firstName: input.firstName,
      lastName: input.lastName,
      rider: { ...riderFields(input), level: input.level },
    });
  } catch (error) {
    if (error instanceof DuplicateEmailError) return { ok: false, emailTaken: true };
    throw error;
  }
  const { user, profileId } = created;
  const actor: Actor = { userId: user.id, proxyHostUserId: null };
  writeTx(db, (tx) => {
    tx.update(users).set({ lang }).where(eq(users.id, user.id)).run();
    if (minor && input.guardianName && input.guardianEmail) {
      tx.insert(guardianConsents)
        .values({
          riderId: profileId,
          guardianName: input.guardianName,
          guardianEmail: input.guardianEmail,
        })
        .run();
    }
    audit(
      tx,
      actor,
      'rider.registered',
      { type: 'rider', id: profileId },
      { minor, level: input.level },
    );
  });
  return { ok: true, user: { ...user, lang }, riderId: profileId };
}

/** The rider row, or undefined. */
export function getRider(db: DB, riderId: number): Rider | undefined {
  return db.select().from(riders).where(eq(riders.id, riderId)).get();
}

/** A rider row in the profile form's shape (region in both region fields, social links spread). */
export function riderProfileValues(rider: Rider): Record<string, unknown> {
  const social = (rider.socialMedia ?? {}) as Record<string, unknown>;
  return { ...rider, stateText: rider.state, ...social };
}

/** True when a parent or guardian consent is on file for the rider. */
export function hasGuardianConsent(db: DB, riderId: number): boolean {
  return !!db
    .select({ id: guardianConsents.id })
    .from(guardianConsents)
    .where(eq(guardianConsents.riderId, riderId))
    .get();
}

/**
 * Saves the personal section of a profile (also PUT /api/{role}/rider/{id}). A new date of birth
 * that makes the rider a minor without a consent on file is refused (support records consents).
 * A new date of birth changes who was a minor on a race day: the rider's events are recomputed in
 * the same transaction, and the save is refused with the conflicts when that would take back an
 * award that was spent, claimed or paid.
 */
export function updateRiderProfile(
  db: DB,
  riderId: number,
  input: RiderProfileInput,
  actor: Actor,
):
  | { ok: true; rider: Rider }
  | { ok: false; fieldErrors: FieldErrors }
  | { ok: false; notFound: true }
  | { ok: false; conflicts: AwardConflict[] } {
  const current = getRider(db, riderId);
  if (!current) return { ok: false, notFound: true };
  const birthDateChanged = input.dateOfBirth !== current.dateOfBirth;
  if (birthDateChanged && isMinorToday(input.dateOfBirth) && !hasGuardianConsent(db, riderId)) {
    return { ok: false, fieldErrors: { dateOfBirth: [RIDER_ERRORS.minorContactSupport] } };
  }
  const out = changeRiderEligibility(db, riderId, actor, (tx) => {
    const row = tx
      .update(riders)
      .set({
        ...riderFields(input),
        phone2: input.phone2 ?? null,
        bio: input.bio ?? null,
        socialMedia: input.socialMedia,
      })
      .where(eq(riders.id, riderId))
      .returning()
      .get();
    audit(tx, actor, 'rider.profileUpdated', { type: 'rider', id: riderId });
    return { value: row, recompute: birthDateChanged };
  });
  return out.ok ? { ok: true, rider: out.value } : out;
}

/** Records the rider's tax status (US person or not). */
export function setTaxStatus(db: DB, riderId: number, usPerson: boolean, actor: Actor) {
  writeTx(db, (tx) => {
    tx.update(riders).set({ usPerson }).where(eq(riders.id, riderId)).run();
    audit(tx, actor, 'rider.taxStatus', { type: 'rider', id: riderId }, { usPerson });
  });
}

/** Early reminder e-mails on or off (docs/rules.md "Reminders"). */
export function setReminderMails(db: DB, riderId: number, reminderMails: boolean, actor: Actor) {
  writeTx(db, (tx) => {
    tx.update(riders).set({ reminderMails }).where(eq(riders.id, riderId)).run();
    audit(tx, actor, 'rider.reminderMails', { type: 'rider', id: riderId }, { reminderMails });
  });
}

/** Sets or changes the rider's 4-digit PIN (stored as a keyed HMAC, see password.server). */
export async function setRiderPin(
  db: DB,
  riderId: number,
  pin: string,
  actor: Actor,
  alsoInTx?: (tx: Tx) => void,
) {
  const pinHash = hashPin(pin);
  writeTx(db, (tx) => {
    tx.update(riders).set({ pinHash }).where(eq(riders.id, riderId)).run();
    audit(tx, actor, 'rider.pinSet', { type: 'rider', id: riderId });
    alsoInTx?.(tx); // what the change causes (its mail), committed with it or not at all
  });
}

// ---------------------------------------------------------------- API view

/** Who reads a rider through the API. */
export type RiderViewer =
  { role: 'rider' } | { role: 'admin' } | { role: 'dealer'; dealerId: number };

/** A rider's redemptions, newest first; a dealer sees only those made at its own counter. */
function riderRedemptions(db: DB, riderId: number, viewer: RiderViewer) {
  return db
    .select({
      id: creditRedemptions.id,
      dealerId: creditRedemptions.dealerId,
      dealerName: dealers.name,
      amountCents: creditRedemptions.amountCents,
      currency: creditRedemptions.currency,
      employeeName: creditRedemptions.employeeName,
      status: creditRedemptions.status,
      createdAt: creditRedemptions.createdAt,
    })
    .from(creditRedemptions)
    .innerJoin(dealers, eq(dealers.id, creditRedemptions.dealerId))
    .where(
      viewer.role === 'dealer'
        ? and(
            eq(creditRedemptions.riderId, riderId),
            eq(creditRedemptions.dealerId, viewer.dealerId),
          )
        : eq(creditRedemptions.riderId, riderId),
    )
    .orderBy(desc(creditRedemptions.createdAt), desc(creditRedemptions.id))
    .all();
}

/** A rider's documents, newest first, each with the address it is read at. */
function riderDocumentList(db: DB, riderId: number) {
  return db
    .select({
      id: riderDocuments.id,
      kind: riderDocuments.kind,
      originalName: riderDocuments.originalName,
      mimeType: riderDocuments.mimeType,
      sizeBytes: riderDocuments.sizeBytes,
      createdAt: riderDocuments.createdAt,
    })
    .from(riderDocuments)
    .where(eq(riderDocuments.riderId, riderId))
    .orderBy(desc(riderDocuments.createdAt))
    .all()
    .map((d) => ({ ...d, url: `/files/documents/${d.id}` }));
}

/**
 * The rider as GET /api/{role}/rider/{id} returns it: never the PIN hash or the password.
 * The rider themself and admins get the whole record; a dealer (at the counter) gets who the
 * rider is and the redemptions made at that dealer, no address, documents, notes or payouts.
 */
export function riderApiView(db: DB, riderId: number, viewer: RiderViewer) {
  const row = db
    .select({
      rider: riders,
      email: users.email,
      emailVerified: users.emailVerified,
      deactivated: users.deactivated,
      profileImage: users.profileImage,
    })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(riders.id, riderId))
    .get();
  if (!row) return null;
  const { pinHash, note, ...rest } = row.rider;
  const profileImage = row.profileImage ? `/files/profile/${rest.userId}` : null;
  const riderBikes = db
    .select(columnsOf(bikes, ['id', 'vin', 'year', 'make', 'model', 'valid', 'invalidReason']))
    .from(bikes)
    .where(eq(bikes.riderId, riderId))
    .all();
  const redemptionRows = riderRedemptions(db, riderId, viewer);
  const creditRedemptionsOut = redemptionRows.map((r) => ({
    ...r,
    code: formatRedemptionCode(r.id),
  }));

  if (viewer.role === 'dealer')
    return dealerRiderView(
      db,
      rest,
      row,
      pinHash !== null,
      riderBikes,
      creditRedemptionsOut,
      viewer.dealerId,
    );

  const documents = riderDocumentList(db, riderId);
  const consent =
    db.select().from(guardianConsents).where(eq(guardianConsents.riderId, riderId)).get() ?? null;
  const claims = db
    .select()
    .from(payoutClaims)
    .where(eq(payoutClaims.riderId, riderId))
    .orderBy(desc(payoutClaims.createdAt), desc(payoutClaims.id))
    .all();
  return {
    rider: {
      ...rest,
      ...(viewer.role === 'admin' ? { note } : {}),
      fullName: `${rest.firstName} ${rest.lastName}`,
      email: row.email,
      emailVerified: row.emailVerified,
      deactivated: row.deactivated,
      profileImage,
      hasPin: pinHash !== null,
      bikes: riderBikes,
      documents,
      guardianConsent: consent
        ? {
            guardianName: consent.guardianName,
            guardianEmail: consent.guardianEmail,
            consentedAt: consent.consentedAt,
          }
        : null,
    },
    creditRedemptions: creditRedemptionsOut,
    payoutClaims: claims,
  };
}
