import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Badge, Details, Empty, Section, SectionTable } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import { AwardConflictsRefusal } from '~/components/award-conflicts';
import { RiderMerge } from '~/components/rider-merge';
import { TimecardsSection } from '~/components/admin-rider-timecards';
import { AdminRiderCreate } from '~/components/admin-rider-create';
import { addRiderAction } from '~/http/people/admin-rider-create-route.server';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { countryLabel } from '~/lib/countries';
import {
  formatAge,
  formatDate,
  formatMoney,
  formatPhone,
  formatRedemptionCode,
} from '~/lib/format';
import { adminRiderActionSchema } from '~/lib/schemas/admin';
import { mergeAction } from '~/http/people/rider-merge-route.server';
import { resendInvitation } from '~/services/people/invitations.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { riderDetail, updateRiderAsAdmin } from '~/services/people/admin-people.server';
import {
  deleteTimecard,
  saveTimecard,
  UPLOAD_ERRORS,
  uploadedFile,
} from '~/services/people/documents.server';
import { readDocumentUpload } from '~/http/people/document-upload.server';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { addOrEditTitle, type RouteHandle } from '~/lib/route-handle';

function riderId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  if (params.riderId === undefined) return { create: true as const };
  const detail = riderDetail(getDb(), riderId(params.riderId));
  if (!detail) throw new Response('Not Found', { status: 404 });
  return detail;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const lang = requestLang(request);
  if (params.riderId === undefined)
    return addRiderAction(await request.formData(), lang, auth.actor);
  const id = riderId(params.riderId);
  const back = (message: string, to = id) =>
    redirectWithFlash(localizePath(`/auth/admin/rider/${to}`, lang), { kind: 'success', message });
  // The timecard upload is the page's one multipart form.
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const form = await readDocumentUpload(request);
    if (form instanceof Response)
      return data({ timecardError: UPLOAD_ERRORS.tooLarge }, { status: 413 });
    const saved = saveTimecard(getDb(), id, await uploadedFile(form.get('timecard')), auth.actor);
    if (saved.ok) return back('admin:riders.timecardSaved');
    if (saved.error === 'notFound') throw new Response('Not Found', { status: 404 });
    return data({ timecardError: saved.error }, { status: 400 });
  }
  const formData = await request.formData();
  if (formData.get('intent') === 'deleteTimecard') {
    const ok = deleteTimecard(getDb(), id, String(formData.get('documentId') ?? ''), auth.actor);
    if (!ok) throw new Response('Not Found', { status: 404 });
    return back('admin:riders.timecardDeleted');
  }
  if (formData.get('intent') === 'merge') return mergeAction(formData, id, auth.actor, back);
  if (formData.get('intent') === 'resendInvitation') {
    const sent = await resendInvitation(getDb(), id, auth.actor);
    if (sent === 'notFound') throw new Response('Not Found', { status: 404 });
    if (sent === 'ok') return back('notices:invitation.resent');
    return redirectWithFlash(localizePath(`/auth/admin/rider/${id}`, lang), {
      kind: 'error',
      message: 'notices:invitation.inactive',
    });
  }
  const submission = parseWithZod(formData, { schema: adminRiderActionSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const out = updateRiderAsAdmin(getDb(), id, submission.value, auth.actor);
  if (!out.ok && out.reason === 'notFound') throw new Response('Not Found', { status: 404 });
  if (!out.ok) return data({ refused: out.conflicts }, { status: 409 });
  return submission.reply({ resetForm: false });
}

function Intent({ intent, label, danger }: { intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={danger ? 'btn-danger' : 'btn-secondary'}
        data-testid={`rider-${intent}`}
      >
        {label}
      </button>
    </Form>
  );
}

export default function AdminRider() {
  const { t } = useTranslation();
  const lang = useLang();
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const timecardError =
    actionData && 'timecardError' in actionData ? actionData.timecardError : null;
  const merge = actionData && 'merge' in actionData ? actionData : null;
  if ('create' in d)
    return (
      <AdminRiderCreate
        lastResult={actionData && 'create' in actionData ? actionData.create : undefined}
      />
    );
  const refused = actionData && 'refused' in actionData ? actionData.refused : null;
  const r = d.rider;
  const timecards = d.documents.filter((doc) => doc.kind === 'timecard');
  return (
    <>
      <PageHeading title={`${r.firstName} ${r.lastName}`}>
        <div className="flex flex-wrap gap-2">
          <LLink to={`/proxy-rider/${r.id}`} className="btn" data-testid="proxy-link">
            {t('admin:actAs')}
          </LLink>
          {d.user?.deactivated ? (
            <Intent intent="activate" label={t('admin:activate')} />
          ) : (
            <Intent intent="deactivate" label={t('admin:deactivate')} danger />
          )}
          {r.factory ? (
            <Intent intent="unmarkFactory" label={t('admin:riders.unmarkFactory')} />
          ) : (
            <Intent intent="markFactory" label={t('admin:riders.markFactory')} />
          )}
          {d.user?.deactivated ? null : (
            <Intent intent="resendInvitation" label={t('notices:invitation.resend')} />
          )}
        </div>
      </PageHeading>
      {refused ? (
        <AwardConflictsRefusal
          message="events:errors.conflicts"
          conflicts={refused}
          testId="rider-status-refused"
        />
      ) : null}
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
            [
              t('admin:fields.raceStyle'),
              r.raceStyle ? t(`common:raceStyle.${r.raceStyle}`) : null,
            ],
            [t('admin:fields.hometown'), r.hometown],
            [
              t('admin:fields.taxStatus'),
              r.usPerson ? t('admin:riders.usPerson') : t('admin:riders.nonUsPerson'),
            ],
            [t('admin:fields.pin'), r.pinSet ? t('common:yes') : t('common:no')],
          ]}
        />
        {r.bio ? <p className="mt-4 whitespace-pre-line text-gray-700">{r.bio}</p> : null}
      </Section>
      <Section title={t('admin:riders.adminNote')}>
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="sr-only">
            {t('admin:riders.adminNote')}
          </label>
          <textarea id="note" name="note" defaultValue={r.note ?? ''} rows={3} className="input" />
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
            <select name="level" defaultValue={r.level} className="input">
              <option value="amateur">{t('admin:level.amateur')}</option>
              <option value="pro">{t('admin:level.pro')}</option>
            </select>
          </label>
          <button type="submit" className="btn-secondary">
            {t('common:actions.save')}
          </button>
        </Form>
      </Section>
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
      <TimecardsSection timecards={timecards} error={timecardError} />
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
            <td className="font-mono">{formatRedemptionCode(x.id, lang)}</td>
            <td>{x.dealerName}</td>
            <td>{formatMoney(x.amountCents, x.currency, lang)}</td>
            <td>{formatDate(x.createdAt, lang)}</td>
            <td>
              {x.status === 'revoked' ? <Badge tone="gray">{t('admin:refunded')}</Badge> : null}
            </td>
          </tr>
        ))}
      </SectionTable>
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
      <RiderMerge
        email={d.user?.email ?? ''}
        lastResult={merge?.merge}
        conflicts={merge?.conflicts ?? []}
      />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle((d) => d.create === true, 'titles:newRider', 'titles:adminRider'),
} as const satisfies RouteHandle;
