/**
 * The frame of the rider profile page: its titled sections and the account summary at the top.
 * Render only.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '~/lib/format';

/** The rider's own fields the profile shows and edits. */
export type ProfileRider = {
  level: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  phone1: string | null;
  phone2: string | null;
  dateOfBirth: string | null;
  sex: string | null;
  raceStyle: string | null;
  amaNumber: string | null;
  hometown: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  country: string;
  state: string | null;
  zipcode: string | null;
  bio: string | null;
  socialMedia: Record<string, string> | null;
  usPerson: boolean;
  reminderMails: boolean;
};

/** A card of the profile page, titled, with `section-<id>` as its test id. */
export function ProfileSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card mb-6" data-testid={`section-${id}`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** E-mail, level, member since and (for a minor) whether the guardian's consent is on file. */
export function AccountSummary({
  email,
  rider,
  profileImage,
  minor,
  guardianConsent,
}: {
  email: string;
  rider: ProfileRider;
  profileImage: string | null;
  minor: boolean;
  guardianConsent: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <div className="card mb-6 flex flex-wrap items-center gap-4" data-testid="account-summary">
      {profileImage ? (
        <img
          src={profileImage}
          alt={t('common:user.avatarAlt')}
          className="h-16 w-16 rounded-full object-cover"
        />
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t('rider:fields.email')}</dt>
        <dd>{email}</dd>
        <dt className="font-semibold">{t('rider:fields.level')}</dt>
        <dd>{t(`rider:level.${rider.level}`)}</dd>
        <dt className="font-semibold">{t('rider:profile.memberSince')}</dt>
        <dd>{formatDate(rider.createdAt, lang)}</dd>
        {minor ? (
          <>
            <dt className="font-semibold">{t('rider:profile.guardian')}</dt>
            <dd>
              {guardianConsent
                ? t('rider:profile.guardianOnFile')
                : t('rider:profile.guardianMissing')}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
