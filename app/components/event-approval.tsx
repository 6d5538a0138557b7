/**
 * Where a promoter's event stands with the admins (proposed, approved, refused with the reason),
 * and for an admin the decision on a proposal: approve, or refuse with a reason the promoter is
 * mailed.
 */
import { type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SubmitButton, TextareaField, ZodForm } from '~/components/forms';
import { useZodForm } from '~/components/use-zod-form';
import { refuseEventSchema } from '~/lib/schemas/event-admin';
import type { EventApproval } from '~/services/events/management/event-proposals.server';
import { WithUserText } from '~/components/user-text';

const TONE: Record<EventApproval, string> = {
  proposed: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-green-300 bg-green-50 text-green-900',
  refused: 'border-red-300 bg-red-50 text-red-900',
};

export function EventApprovalPanel({
  approval,
  reason,
  isAdmin,
  lastResult,
}: {
  approval: EventApproval;
  reason: string | null;
  isAdmin: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`mb-6 rounded border p-3 text-sm ${TONE[approval]}`}
      aria-labelledby="approval-title"
      data-testid="event-approval"
      data-approval={approval}
    >
      <h2 id="approval-title" className="font-semibold">
        {t(`events:approval.state.${approval}`)}
      </h2>
      <p>{t(`events:approval.help.${approval}`)}</p>
      {approval === 'refused' && reason ? (
        <p className="mt-1" data-testid="approval-reason">
          <WithUserText
            render={(slot) => t('events:approval.reason', { reason: slot })}
            value={reason}
          />
        </p>
      ) : null}
      {isAdmin && approval === 'proposed' ? <DecisionForms lastResult={lastResult} /> : null}
    </section>
  );
}

function DecisionForms({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(refuseEventSchema, { id: 'refuse-event', lastResult });
  return (
    <div className="mt-3 grid gap-4 text-gray-900 sm:grid-cols-2">
      <Form method="post">
        <input type="hidden" name="intent" value="approveEvent" />
        <SubmitButton data-testid="approve-event">{t('events:approval.approve')}</SubmitButton>
      </Form>
      <ZodForm form={form}>
        <input type="hidden" name="intent" value="refuseEvent" />
        <TextareaField field={fields.reason} label={t('events:approval.reasonLabel')} rows={2} />
        <SubmitButton className="btn-danger" data-testid="refuse-event">
          {t('events:approval.refuse')}
        </SubmitButton>
      </ZodForm>
    </div>
  );
}
