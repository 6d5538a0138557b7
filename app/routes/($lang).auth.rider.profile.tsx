import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { SecurityLink } from '~/components/security-link';
import { AwardConflictsRefusal } from '~/components/award-conflicts';
import { ErrorList } from '~/components/forms';
import { RiderBikes } from '~/components/rider-bikes';
import { DocumentsSection, ProDocumentsNotice } from '~/components/rider-documents';
import {
  AccountSummary,
  PasswordForm,
  PersonalForm,
  PinForm,
  ReminderForm,
  TaxStatusForm,
} from '~/components/rider-profile';
import { getDb } from '~/db.server';
import { isMinorToday } from '~/lib/schemas/rider';
import { listRiderBikes } from '~/services/vin/bikes.server';
import { listRiderDocuments, missingProDocuments } from '~/services/people/documents.server';
import { requireRole } from '~/services/auth/guard.server';
import { getRider, hasGuardianConsent } from '~/services/people/riders.server';
import { riderProfileAction } from '~/http/people/rider-profile-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireRole(request, 'rider');
  const db = getDb();
  const rider = getRider(db, auth.profile.id);
  if (!rider) throw new Response('Not Found', { status: 404 });
  const { pinHash, note: _note, ...fields } = rider;
  const documents = listRiderDocuments(db, rider.id).filter((d) => d.kind !== 'timecard');
  return {
    rider: fields,
    email: auth.user.email,
    hasPin: pinHash !== null,
    minor: isMinorToday(rider.dateOfBirth),
    guardianConsent: hasGuardianConsent(db, rider.id),
    profileImage: auth.user.profileImage
      ? `/files/profile/${auth.user.id}?v=${auth.user.profileImage.slice(0, 8)}`
      : null,
    bikes: listRiderBikes(db, rider.id).map((b) => ({
      id: b.id,
      vin: b.vin,
      year: b.year,
      make: b.make,
      model: b.model,
      valid: b.valid,
      invalidReason: b.invalidReason,
    })),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      originalName: d.originalName,
      createdAt: d.createdAt,
      url: `/files/documents/${d.id}`,
    })),
    missingDocuments: missingProDocuments(rider, documents),
    redirectReason: new URL(request.url).searchParams.get('redirect'),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return riderProfileAction(request);
}

export default function RiderProfilePage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={t('common:pages.profile')} />
      <SecurityLink />
      <AccountSummary
        email={loaderData.email}
        rider={loaderData.rider}
        profileImage={loaderData.profileImage}
        minor={loaderData.minor}
        guardianConsent={loaderData.guardianConsent}
      />
      <ProDocumentsNotice missing={loaderData.missingDocuments} />
      <RiderBikes
        bikes={loaderData.bikes}
        lastResult={actionData?.intent === 'addBike' ? actionData.result : undefined}
        redirectReason={loaderData.redirectReason}
      />
      {actionData && 'conflicts' in actionData && actionData.conflicts ? (
        <AwardConflictsRefusal
          message="events:errors.conflicts"
          conflicts={actionData.conflicts}
          testId="eligibility-refused"
        />
      ) : null}
      {actionData?.intent === 'removeBike' && actionData.result?.error?.[''] ? (
        <ErrorList errors={actionData.result.error['']} />
      ) : null}
      <PersonalForm rider={loaderData.rider} actionData={actionData} />
      <TaxStatusForm usPerson={loaderData.rider.usPerson} actionData={actionData} />
      <DocumentsSection documents={loaderData.documents} actionData={actionData} />
      <ReminderForm reminderMails={loaderData.rider.reminderMails} actionData={actionData} />
      <PinForm hasPin={loaderData.hasPin} actionData={actionData} />
      <PasswordForm actionData={actionData} />
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:profile' } as const satisfies RouteHandle;
