import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { AwardConflictsRefusal } from '~/components/award-conflicts';
import { RiderMerge } from '~/components/rider-merge';
import {
  RiderBikesAndDocuments,
  RiderDetails,
  RiderHistory,
  RiderNoteForms,
} from '~/components/admin-rider-sections';
import { TimecardsSection } from '~/components/admin-rider-timecards';
import { AdminRiderCreate } from '~/components/admin-rider-create';
import { addRiderAction } from '~/http/people/admin-rider-create-route.server';
import { LLink } from '~/components/link';
import { getDb } from '~/db.server';
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
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';

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
      <RiderDetails d={d} />
      <RiderNoteForms note={r.note} level={r.level} />
      <RiderBikesAndDocuments d={d} />
      <TimecardsSection timecards={timecards} error={timecardError} />
      <RiderHistory d={d} />
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
  title: addOrEditTitle(
    (d) => d.create === true,
    'titles:newRider',
    'titles:adminRider',
    (d) => [at(d, 'rider', 'firstName'), at(d, 'rider', 'lastName')].filter(Boolean).join(' '),
  ),
} as const satisfies RouteHandle;
