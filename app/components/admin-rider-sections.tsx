/** The admin's rider page, section by section (the route puts them together). */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Details, Empty, Section, SectionTable } from '~/components/admin-ui';
import { LLink, useLang } from '~/components/link';
import { countryLabel } from '~/lib/countries';
import {
  formatAge,
  formatDate,
  formatMoney,
  formatPhone,
  formatRedemptionCode,
} from '~/lib/format';
import type { riderDetail } from '~/services/people/admin-people.server';
import { UserText } from '~/components/user-text';

type Detail = NonNullable<ReturnType<typeof riderDetail>>;

/** Who the rider is: account, level, contact, birth, tax status, PIN; the bio below. */
export function RiderDetails({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const r = d.rider;
  return (
    <Section title={t('admin:riders.profile')}>
      <Details
        items={[
          [t('admin:fields.email'), d.user?.email],
          [
            t('admin:fields.status'),
            d.user?.deactivated
              ? t('admin:status.deactivated')
              : d.user?.emailVerified
                ? t('admin:status.active')
                : t('admin:status.unverified'),
          ],
          [t('admin:fields.level'), t(`admin:level.${r.level}`)],
          [t('admin:fields.amaNumber'), r.amaNumber],
          [
            t('admin:fields.phone'),
            [r.phone1, r.phone2]
              .filter(Boolean)
              .map((p) => formatPhone(p))
              .join(' · ') || null,
          ],
          [
            t('admin:fields.address'),
            [
              r.addressLine1,
              r.addressLine2,
              r.city,
              r.state,
              r.zipcode,
              countryLabel(r.country, lang),
            ]
              .filter(Boolean)
              .join(', '),
          ],
          [
            t('admin:fields.dateOfBirth'),
            `${formatDate(r.dateOfBirth, lang)} (${formatAge(r.dateOfBirth, new Date(), lang)})`,
          ],
          [t('admin:fields.sex'), r.sex ? t(`common:sex.${r.sex}`) : null],
          [t('admin:fields.raceStyle'), r.raceStyle ? t(`common:raceStyle.${r.raceStyle}`) : null],
          [t('admin:fields.hometown'), r.hometown],
          [
            t('admin:fields.taxStatus'),
            r.usPerson ? t('admin:riders.usPerson') : t('admin:riders.nonUsPerson'),
          ],
          [t('admin:fields.pin'), r.pinSet ? t('common:yes') : t('common:no')],
        ]}
      />
      {r.bio ? (
        <UserText block className="mt-4 whitespace-pre-line text-gray-700">
          {r.bio}
        </UserText>
      ) : null}
    </Section>
  );
}

/** The admin's own note on the rider, and the rider's level. */
export function RiderNoteForms({
  note,
  level,
}: {
  note: string | null;
  level: Detail['rider']['level'];
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin:riders.adminNote')}>
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note" className="sr-only">
          {t('admin:riders.adminNote')}
        </label>
        <textarea id="note" name="note" defaultValue={note ?? ''} rows={3} className="input" />
        <div>
          <button type="submit" className="btn">
            {t('common:actions.save')}
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-4 flex items-end gap-2">
        <input type="hidden" name="intent" value="level" />
        <label className="flex flex-col text-sm">
          <span className="label">{t('admin:fields.level')}</span>
          <select name="level" defaultValue={level} className="input">
            <option value="amateur">{t('admin:level.amateur')}</option>
            <option value="pro">{t('admin:level.pro')}</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          {t('common:actions.save')}
        </button>
      </Form>
    </Section>
  );
}

/** The rider's bikes and documents (the timecards have their own section). */
export function RiderBikesAndDocuments({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const timecards = d.documents.filter((doc) => doc.kind === 'timecard');
  return (
    <>
      <SectionTable
        title={t('admin:fields.bikes')}
        headers={[t('vin:bikes.vinLabel'), t('admin:fields.bike'), t('admin:fields.status')]}
        empty={d.bikes.length === 0}
      >
        {d.bikes.map((b) => (
          <tr key={b.id}>
            <td className="font-mono">{b.vin}</td>
            <td>{[b.year, b.make, b.model].filter(Boolean).join(' ')}</td>
            <td>
              {b.valid ? (
                <Badge tone="green">{t('admin:riders.valid')}</Badge>
              ) : (
                <Badge tone="red">{t('admin:riders.invalid')}</Badge>
              )}
            </td>
          </tr>
        ))}
      </SectionTable>
      <Section title={t('admin:riders.documents')}>
        {d.documents.length === timecards.length ? (
          <Empty />
        ) : (
          <ul className="space-y-1">
            {d.documents
              .filter((doc) => doc.kind !== 'timecard')
              .map((doc) => (
                <li key={doc.id}>
                  <a
                    href={`/files/documents/${doc.id}`}
                    className="text-brand hover:underline"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t(`admin:documentKind.${doc.kind}`)} — {doc.originalName}
                  </a>{' '}
                  <span className="text-sm text-gray-500">{formatDate(doc.createdAt, lang)}</span>
                </li>
              ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** The rider's recent classes, awards, redemptions and payout claims. */
export function RiderHistory({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const r = d.rider;
  return (
    <>
      <SectionTable
        title={t('admin:riders.recentClasses')}
        actions={
          <LLink
            to={`/auth/admin/rider/${r.id}/remove-races`}
            className="btn-secondary"
            data-testid="open-remove-races"
          >
            {t('removeRaces:open')}
          </LLink>
        }
        headers={[
          t('admin:fields.event'),
          t('admin:fields.date'),
          t('admin:fields.class'),
          t('admin:fields.place'),
          t('admin:fields.payout'),
        ]}
        empty={d.recentResults.length === 0}
      >
        {d.recentResults.map((res) => (
          <tr key={res.id}>
            <td>
              <LLink to={`/auth/admin/event/${res.eventId}`} className="text-brand hover:underline">
                {res.eventTitle}
              </LLink>
            </td>
            <td>{formatDate(res.date, lang)}</td>
            <td>{res.className}</td>
            <td>{res.resultType === 'finish' ? res.place : res.resultType}</td>
            <td>{res.payoutCents > 0 ? formatMoney(res.payoutCents, res.currency, lang) : '—'}</td>
          </tr>
        ))}
      </SectionTable>
      <SectionTable
        title={t('admin:riders.awards')}
        headers={[
          t('admin:fields.event'),
          t('admin:fields.type'),
          t('admin:fields.initial'),
          t('admin:fields.current'),
          t('admin:fields.status'),
          t('admin:fields.expires'),
        ]}
        empty={d.awards.length === 0}
      >
        {d.awards.map((a) => (
          <tr key={a.id}>
            <td>{a.eventTitle ?? '—'}</td>
            <td>{t(`common:payoutType.${a.payoutType}`)}</td>
            <td>{formatMoney(a.initialCents, a.currency, lang)}</td>
            <td>{formatMoney(a.currentCents, a.currency, lang)}</td>
            <td>{t(`admin:awardStatus.${a.status}`)}</td>
            <td>{a.expiresAt ? formatDate(a.expiresAt, lang) : '—'}</td>
          </tr>
        ))}
      </SectionTable>
      <SectionTable
        title={t('admin:riders.redemptions')}
        headers={[
          t('admin:fields.code'),
          t('admin:fields.dealer'),
          t('admin:fields.amount'),
          t('admin:fields.date'),
          t('admin:fields.status'),
        ]}
        empty={d.redemptions.length === 0}
      >
        {d.redemptions.map((x) => (
          <tr key={x.id}>
            <td className="font-mono">{formatRedemptionCode(x.id)}</td>
            <td>{x.dealerName}</td>
            <td>{formatMoney(x.amountCents, x.currency, lang)}</td>
            <td>{formatDate(x.createdAt, lang)}</td>
            <td>
              {x.status === 'revoked' ? (
                <Badge tone="gray">
                  {t(x.takenBack === 'void' ? 'admin:voided' : 'admin:refunded')}
                </Badge>
              ) : null}
            </td>
          </tr>
        ))}
      </SectionTable>
      <RiderClaims d={d} />
    </>
  );
}

/** The rider's payout claims. */
function RiderClaims({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SectionTable
      title={t('admin:riders.payoutClaims')}
      headers={[
        t('admin:fields.type'),
        t('admin:fields.gross'),
        t('admin:fields.withheld'),
        t('admin:fields.net'),
        t('admin:fields.due'),
        t('admin:fields.status'),
      ]}
      empty={d.payoutClaims.length === 0}
    >
      {d.payoutClaims.map((c) => (
        <tr key={c.id}>
          <td>{t(`admin:claimType.${c.type}`)}</td>
          <td>{formatMoney(c.grossCents, c.currency, lang)}</td>
          <td>{formatMoney(c.withheldCents, c.currency, lang)}</td>
          <td>{formatMoney(c.netCents, c.currency, lang)}</td>
          <td>{formatDate(c.dueDate, lang)}</td>
          <td>
            {c.status === 'sent' ? t('admin:claimStatus.sent') : t('admin:claimStatus.pending')}
          </td>
        </tr>
      ))}
    </SectionTable>
  );
}
