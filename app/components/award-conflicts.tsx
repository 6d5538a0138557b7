/** The awards a recompute would have to take back, listed when it is refused (docs/rules.md "Awards"). */
import { useTranslation } from 'react-i18next';
import { useLang } from '~/components/link';
import { formatMoney } from '~/lib/format';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';

export function AwardConflictList({ conflicts }: { conflicts: AwardConflict[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!conflicts.length) return null;
  return (
    <>
      <p className="mt-2 font-semibold">{t('events:conflicts.title')}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="award-conflicts">
        {conflicts.map((c) => (
          <li key={c.awardId}>
            {t('events:conflicts.item', {
              rider: c.riderName,
              className: c.className,
              amount: formatMoney(c.amountCents, c.currency, lang),
              why: t(`events:conflicts.why.${c.why}`),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A change refused because of its conflicts: the message, then the awards it would take back. */
export function AwardConflictsRefusal({
  message,
  conflicts,
  testId,
}: {
  message: string;
  conflicts: AwardConflict[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="my-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid={testId}
    >
      <p>{t(message)}</p>
      <AwardConflictList conflicts={conflicts} />
    </div>
  );
}
