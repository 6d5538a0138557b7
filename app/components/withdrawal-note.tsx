import { useTranslation } from 'react-i18next';
import { useLang } from '~/components/link';
import { formatDate, formatMoney, type Currency } from '~/lib/format';

/** How an award was withdrawn, as the services store it (never shown as stored). */
export type Withdrawal = {
  withdrawnBy: 'recompute' | 'admin' | null;
  withdrawnAt: string | null;
  withdrawnFromCents: number | null;
  currency: Currency;
};

/** One sentence in the reader's language telling how and when an award was withdrawn. */
export function WithdrawalNote({ award, className }: { award: Withdrawal; className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!award.withdrawnBy) return null;
  const values = {
    date: award.withdrawnAt ? formatDate(award.withdrawnAt, lang) : '',
    amount: formatMoney(award.withdrawnFromCents ?? 0, award.currency, lang),
  };
  const key =
    award.withdrawnBy === 'recompute'
      ? 'notices:withdrawn.recompute'
      : award.withdrawnAt
        ? 'notices:withdrawn.admin'
        : 'notices:withdrawn.adminUndated';
  return (
    <span className={className} data-testid="withdrawal-note">
      {t(key, values)}
    </span>
  );
}
