/** The rider's races with a checkbox each (the admin's remove-races page). */
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { formatDate, formatMoney } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import type { RiderRace } from '~/services/money/awards/remove-races.server';
import { ScrollRegion } from '~/components/scroll-region';

export function RiderRacesTable({
  races,
  lang,
  chosen,
}: {
  races: RiderRace[];
  lang: Lang;
  chosen: number[];
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion>
      <table className="table" data-testid="rider-races">
        <thead>
          <tr>
            <th>{t('removeRaces:choose')}</th>
            <th>{t('removeRaces:event')}</th>
            <th>{t('removeRaces:date')}</th>
            <th>{t('removeRaces:class')}</th>
            <th>{t('removeRaces:place')}</th>
            <th>{t('removeRaces:bike')}</th>
            <th>{t('removeRaces:award')}</th>
          </tr>
        </thead>
        <tbody>
          {races.map((r) => (
            <tr key={r.resultId}>
              <td>
                <input
                  type="checkbox"
                  name="race"
                  value={r.resultId}
                  defaultChecked={chosen.includes(r.resultId)}
                  aria-label={t('removeRaces:chooseRace', {
                    event: r.eventTitle,
                    className: r.className,
                  })}
                />
              </td>
              <td>
                <LLink to={`/auth/admin/event/${r.eventId}`} className="text-brand hover:underline">
                  {r.eventTitle}
                </LLink>
              </td>
              <td>{formatDate(r.date, lang)}</td>
              <td>{r.className}</td>
              <td>{r.resultType === 'finish' ? r.place : r.resultType}</td>
              <td>{r.bike ?? '—'}</td>
              <td>
                {r.payoutCents > 0
                  ? formatMoney(r.payoutCents, r.currency, lang)
                  : t('removeRaces:awardStatus.none')}
                {r.awardStatus ? ` (${t(`admin:awardStatus.${r.awardStatus}`)})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
