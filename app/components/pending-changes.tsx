/**
 * The table of held money changes (pending with approve/refuse buttons, or decided); a held
 * raise of the limits lists each limit, old → new.
 */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink, useLang } from '~/components/link';
import { formatDate, formatMoney, formatTime } from '~/lib/format';
import type { Currency } from '~/lib/constants';
import { formatLimit } from '~/lib/schemas/money-controls';

export type ChangeRow = {
  id: number;
  kind: 'bonus' | 'refund' | 'seriesAward' | 'limits' | 'adminInvite';
  status: string;
  amountCents: number;
  previousCents: number;
  currency: Currency;
  limitName: string;
  eventId: number | null;
  eventTitle: string | null;
  riderName: string | null;
  seriesId: number | null;
  seriesName: string | null;
  redemptionId: number | null;
  note: string | null;
  enteredBy: string | null;
  enteredProxyHost: string | null;
  decidedBy: string | null;
  decidedProxyHost: string | null;
  decidedAt: string | null;
  createdAt: string;
  limitChanges: { key: string; from: number; to: number }[];
};

function Who({ user, host }: { user: string | null; host: string | null }) {
  const { t } = useTranslation();
  if (!user) return <>—</>;
  return <>{host ? t('moneyControls:via', { admin: host, user }) : user}</>;
}

/** What the change is worth: the amount (and a bonus's previous one), or the limits' changes. */
function AmountCell({ r }: { r: ChangeRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <td>
      {r.kind === 'limits' ? (
        <ul data-testid="limit-changes">
          {r.limitChanges.map((c) => (
            <li key={c.key}>
              {t('moneyControls:limitChange', {
                limit: t(`moneyControls:limits.fields.${c.key}`),
                from: formatLimit(c.from, lang),
                to: formatLimit(c.to, lang),
              })}
            </li>
          ))}
        </ul>
      ) : r.kind === 'adminInvite' ? (
        '—'
      ) : (
        formatMoney(r.amountCents, r.currency, lang)
      )}
      {r.kind === 'bonus' ? (
        <p className="text-sm text-gray-600">
          {t('moneyControls:previous', {
            amount: formatMoney(r.previousCents, r.currency, lang),
          })}
        </p>
      ) : null}
    </td>
  );
}

/** A second admin's buttons (not on one's own change), or who decided and when. */
function DecisionCell({ r, mine, decide }: { r: ChangeRow; mine: boolean; decide: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const when = (iso: string) => `${formatDate(iso, lang)} ${formatTime(iso, lang)}`;
  return (
    <td>
      {decide ? (
        <div className="flex flex-wrap gap-2">
          {mine ? (
            <p className="text-sm text-gray-600">{t('moneyControls:yours')}</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="changeId" value={r.id} />
              <button type="submit" className="btn">
                {t('moneyControls:approve')}
              </button>
            </Form>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="refuse" />
            <input type="hidden" name="changeId" value={r.id} />
            <button type="submit" className="btn-secondary">
              {t('moneyControls:refuse')}
            </button>
          </Form>
        </div>
      ) : (
        <>
          <span className="font-semibold">{t(`moneyControls:statuses.${r.status}`)}</span>
          <p className="text-sm">
            <Who user={r.decidedBy} host={r.decidedProxyHost} />
          </p>
          {r.decidedAt ? <p className="text-sm text-gray-600">{when(r.decidedAt)}</p> : null}
        </>
      )}
    </td>
  );
}

export function PendingChangesTable({
  rows,
  me,
  decide = false,
  testId,
}: {
  rows: ChangeRow[];
  me: string;
  decide?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (rows.length === 0)
    return (
      <p className="text-gray-600" data-testid={testId}>
        {t('moneyControls:empty')}
      </p>
    );
  const when = (iso: string) => `${formatDate(iso, lang)} ${formatTime(iso, lang)}`;
  return (
    <div className="overflow-x-auto">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('moneyControls:columns.what')}</th>
            <th scope="col">{t('moneyControls:columns.amount')}</th>
            <th scope="col">{t('moneyControls:columns.limit')}</th>
            <th scope="col">{t('moneyControls:columns.enteredBy')}</th>
            <th scope="col">
              {decide ? t('moneyControls:columns.decision') : t('moneyControls:columns.decidedBy')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const mine = r.enteredBy === me || r.enteredProxyHost === me;
            return (
              <tr key={r.id} data-testid={`change-${r.id}`}>
                <td>
                  <span className="font-semibold">{t(`moneyControls:kinds.${r.kind}`)}</span>
                  {r.eventId ? (
                    <>
                      {' — '}
                      <LLink to={`/auth/admin/event/${r.eventId}`}>{r.eventTitle}</LLink>
                    </>
                  ) : null}
                  {r.seriesId ? (
                    <>
                      {' — '}
                      <LLink to={`/auth/admin/serie/${r.seriesId}`}>{r.seriesName}</LLink>
                    </>
                  ) : null}
                  {r.riderName ? ` — ${r.riderName}` : null}
                  {r.note ? <p className="text-sm text-gray-600">{r.note}</p> : null}
                </td>
                <AmountCell r={r} />
                <td>{t(`moneyControls:limitNames.${r.limitName}`)}</td>
                <td>
                  <Who user={r.enteredBy} host={r.enteredProxyHost} />
                  <p className="text-sm text-gray-600">{when(r.createdAt)}</p>
                </td>
                <DecisionCell r={r} mine={mine} decide={decide} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
