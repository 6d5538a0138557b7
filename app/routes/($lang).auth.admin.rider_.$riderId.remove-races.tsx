/**
 * The admin's remove-races page: the rider's races with a checkbox each;
 * "Remove chosen…" or "Remove all…" opens a confirmation step in the URL (GET, so it asks first
 * with or without JavaScript), and only its POST removes. A refusal lists the award conflicts.
 */
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import { AwardConflictList } from '~/components/award-conflicts';
import { PageHeading } from '~/components/dashboard-layout';
import { LLink, useLang } from '~/components/link';
import { RiderRacesTable } from '~/components/rider-races';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { localizePath } from '~/lib/lang';
import { removeRacesFormSchema } from '~/lib/schemas/remove-races';
import { riderDetail } from '~/services/people/admin-people.server';
import { listRiderRaces, removeRiderRaces } from '~/services/money/awards/remove-races.server';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import { requireRole } from '~/services/auth/guard.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { at, type RouteHandle } from '~/lib/route-handle';

function riderIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const id = riderIdOf(params.riderId);
  const db = getDb();
  const races = listRiderRaces(db, id);
  const detail = races ? riderDetail(db, id) : null;
  if (!races || !detail) throw new Response('Not Found', { status: 404 });
  const url = new URL(request.url);
  const known = new Set(races.map((r) => r.resultId));
  const all = url.searchParams.get('all') === '1';
  const chosen = all
    ? races.map((r) => r.resultId)
    : url.searchParams
        .getAll('race')
        .map(Number)
        .filter((n) => known.has(n));
  const reviewing = url.searchParams.get('review') === '1' || all;
  return {
    rider: { id, name: `${detail.rider.firstName} ${detail.rider.lastName}` },
    races,
    review: reviewing ? { all, chosen, empty: chosen.length === 0 } : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const id = riderIdOf(params.riderId);
  const submission = parseWithZod(await request.formData(), { schema: removeRacesFormSchema });
  if (submission.status !== 'success')
    return data(
      { error: 'removeRaces:chooseOne', conflicts: [] as AwardConflict[] },
      { status: 400 },
    );
  const { scope, race } = submission.value;
  const out = removeRiderRaces(getDb(), id, scope === 'all' ? 'all' : race, auth.actor);
  if (out.ok) {
    return redirectWithFlash(localizePath(`/auth/admin/rider/${id}`, requestLang(request)), {
      kind: 'success',
      message: 'removeRaces:done',
      values: { count: String(out.summary.removed.length) },
    });
  }
  if (out.reason === 'notFound') throw new Response('Not Found', { status: 404 });
  if (out.reason === 'conflicts')
    return data({ error: 'removeRaces:refused', conflicts: out.conflicts }, { status: 409 });
  if (out.reason === 'noRaces')
    return data(
      { error: 'removeRaces:chooseOne', conflicts: [] as AwardConflict[] },
      { status: 400 },
    );
  return data(
    { error: 'removeRaces:notRidersRaces', conflicts: [] as AwardConflict[] },
    { status: 400 },
  );
}

export default function RemoveRaces() {
  const { t } = useTranslation();
  const lang = useLang();
  const { rider, races, review } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const base = `/auth/admin/rider/${rider.id}/remove-races`;
  return (
    <>
      <PageHeading title={t('removeRaces:title', { name: rider.name })}>
        <LLink to={`/auth/admin/rider/${rider.id}`} className="btn-secondary">
          {t('removeRaces:back')}
        </LLink>
      </PageHeading>
      {actionData ? (
        <div
          role="alert"
          className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="remove-races-refused"
        >
          <p>{t(actionData.error)}</p>
          <AwardConflictList conflicts={actionData.conflicts} />
        </div>
      ) : null}
      {review && !review.empty ? (
        <Section title={t('removeRaces:confirmTitle')}>
          <Form method="post" className="flex flex-col gap-3" data-testid="remove-races-confirm">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="scope" value={review.all ? 'all' : 'chosen'} />
            {review.chosen.map((id) => (
              <input key={id} type="hidden" name="race" value={id} />
            ))}
            <p className="font-semibold">
              {review.all
                ? t('removeRaces:confirmAll', { count: review.chosen.length, name: rider.name })
                : t('removeRaces:confirmChosen', { count: review.chosen.length, name: rider.name })}
            </p>
            <ul className="list-disc pl-5 text-sm">
              {races
                .filter((r) => review.chosen.includes(r.resultId))
                .map((r) => (
                  <li key={r.resultId}>
                    {r.eventTitle} — {r.className} —{' '}
                    {r.resultType === 'finish' ? r.place : r.resultType}
                  </li>
                ))}
            </ul>
            <p className="text-sm text-gray-700">{t('removeRaces:confirmHint')}</p>
            <div className="flex gap-2">
              <button type="submit" className="btn-danger">
                {t('removeRaces:confirm')}
              </button>
              <LLink to={base} className="btn-secondary">
                {t('removeRaces:cancel')}
              </LLink>
            </div>
          </Form>
        </Section>
      ) : null}
      <Section title={t('admin:riders.recentClasses')}>
        <p className="mb-4 text-sm text-gray-700">{t('removeRaces:intro')}</p>
        {review?.empty ? (
          <p role="alert" className="mb-2 text-sm text-red-700" data-testid="remove-races-choose">
            {t('removeRaces:chooseOne')}
          </p>
        ) : null}
        {races.length === 0 ? (
          <p className="text-gray-500">{t('removeRaces:none')}</p>
        ) : (
          <Form method="get" data-testid="remove-races-form">
            <input type="hidden" name="review" value="1" />
            <RiderRacesTable races={races} lang={lang} chosen={review?.chosen ?? []} />
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="submit" className="btn-danger">
                {t('removeRaces:removeChosen')}
              </button>
              <LLink to={`${base}?all=1`} className="btn-secondary" data-testid="remove-all-races">
                {t('removeRaces:removeAll')}
              </LLink>
            </div>
          </Form>
        )}
      </Section>
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  // Named as its heading is: « Races of Jordan Hayes ».
  title: (data: unknown) => {
    const name = at(data, 'rider', 'name');
    return typeof name === 'string' && name.trim() !== ''
      ? { key: 'removeRaces:title', values: { name: name.trim() } }
      : 'titles:removeRaces';
  },
} as const satisfies RouteHandle;
