/**
 * Why a result pays nothing, in plain words. The public sees the rule without
 * personal data; the rider sees it in full with what they can do about it (add a VIN, claim the
 * result, add a consent or a birth date).
 */
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { publicReason } from '~/lib/no-payout-reasons';

/** Where each reason's remedy lives (reasons without one have no link). */
const REMEDY: Record<string, (resultId: number) => string> = {
  unlinked: (id) => `/auth/rider/claim/${id}`,
  noEligibleBike: () => '/auth/rider/profile',
  bikeNotVerified: () => '/auth/rider/profile',
  bikeModelYear: () => '/auth/rider/profile',
  bikeNotProgramModel: () => '/auth/rider/profile',
  underage: () => '/auth/rider/profile',
  ageUnknown: () => '/auth/rider/profile',
  riderInactive: () => '/about/contact',
};

export function NoPayoutReason({
  reason,
  resultId,
  audience,
}: {
  reason: string | null;
  resultId: number;
  audience: 'public' | 'rider';
}) {
  const { t } = useTranslation();
  if (!reason) return <span className="text-gray-400">—</span>;
  // The public never sees a personal reason (age, consent, account status), even if passed one.
  const shown = audience === 'public' ? (publicReason(reason) ?? reason) : reason;
  const words = t(`reasons:${audience}.${shown}`, {
    defaultValue: t('public:event.noPayoutDefault'),
  });
  const remedy = audience === 'rider' ? REMEDY[reason] : undefined;
  return (
    <span className="text-gray-600" data-testid="no-payout-reason" data-reason={shown}>
      {words}
      {remedy ? (
        <>
          {' '}
          <LLink to={remedy(resultId)} className="text-brand underline" data-testid="reason-action">
            {t(`reasons:actions.${reason}`)}
          </LLink>
        </>
      ) : null}
    </span>
  );
}
