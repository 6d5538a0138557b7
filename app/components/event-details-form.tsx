/**
 * The event details form: the admin's (create and edit, plus duplicate and delete buttons), and a
 * promoter's (`promoter`: no promoter, program or cancellation; a new event offers a choice of an
 * earlier event whose classes and payouts it copies — the spec's "Duplicate event").
 */
import { type SubmissionResult } from '@conform-to/react';
import { ConfirmButton } from '~/components/confirm-button';
import { useZodForm, type ZodFormFields } from '~/components/use-zod-form';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from '~/components/admin-ui';
import {
  CheckboxField,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { CURRENCIES, RACE_STYLES } from '~/lib/constants';
import { eventProposalSchema } from '~/lib/schemas/event-admin';

type Option = { id: number; name: string };
export type EventFormOptions = { series: Option[]; promoters: Option[]; categories: Option[] };
type EventValues = Record<string, string | number | boolean | null | undefined>;

const opts = (list: Option[]) => list.map((o) => [String(o.id), o.name] as [string, string]);

/** The form's first values: the event's own (a checkbox as 'on' or ''), or a new event's. */
function formDefaults(event: EventValues | null): Record<string, string> {
  return event
    ? Object.fromEntries(
        Object.entries(event).map(([k, v]) => [
          k,
          v === null || v === undefined ? '' : k === 'cancelled' ? (v ? 'on' : '') : String(v),
        ]),
      )
    : { country: 'US', currency: 'USD' };
}

export function EventDetailsForm({
  event,
  options,
  lastResult,
  promoter,
}: {
  event: EventValues | null;
  options: EventFormOptions;
  lastResult?: SubmissionResult<string[]>;
  /**
   * A promoter's form: a new event's earlier events it may copy classes and payouts from, or an
   * existing event's approval (an approved one says which changes go back for approval).
   */
  promoter?: { earlierEvents?: Option[]; approval?: string };
}) {
  const { t } = useTranslation();
  const intent = event ? 'saveEvent' : 'createEvent';
  const defaults = formDefaults(event);
  // The proposal's schema is the admin's plus `copyFrom`: one form checks both in the browser.
  const [form, fields] = useZodForm(eventProposalSchema, {
    id: 'event-details',
    lastResult,
    defaultValue: defaults,
    // On blur, like the add-bike form: validating only on submit sometimes reset the form and showed
    // no error after a client-side refusal (cause not found; see docs/decisions/018-forms-that-validate-on-blur.md).
    shouldValidate: 'onBlur',
  });
  return (
    <Section title={t('admin:eventAdmin.details')}>
      <ZodForm form={form} className="grid gap-x-4 sm:grid-cols-2" data-testid="event-details-form">
        <input type="hidden" name="intent" value={intent} />
        <div className="sm:col-span-2">
          <ErrorList errors={form.errors} />
          <Field field={fields.title} label={t('admin:eventAdmin.title')} />
        </div>
        <Field field={fields.date} label={t('admin:fields.date')} type="date" />
        <Field field={fields.startTime} label={t('admin:eventAdmin.startTime')} type="time" />
        <Field field={fields.venue} label={t('admin:eventAdmin.venue')} />
        <Field field={fields.venueWebsite} label={t('admin:eventAdmin.venueWebsite')} type="url" />
        <Field field={fields.city} label={t('admin:fields.city')} />
        <Field field={fields.state} label={t('admin:fields.state')} />
        <Field field={fields.zipcode} label={t('admin:fields.zipcode')} />
        <Field field={fields.country} label={t('admin:fields.country')} maxLength={2} />
        <SelectField
          field={fields.eventType}
          label={t('admin:fields.raceStyle')}
          placeholder={t('admin:any')}
          options={RACE_STYLES.map((s) => [s, t(`common:raceStyle.${s}`)] as [string, string])}
        />
        <SelectField
          field={fields.currency}
          label={t('admin:exports.columns.currency')}
          options={CURRENCIES.map((c) => [c, c] as [string, string])}
        />
        <SelectField
          field={fields.seriesId}
          label={t('common:pages.serie')}
          placeholder={t('common:none')}
          options={opts(options.series)}
        />
        <OwnerFields fields={fields} options={options} promoter={promoter} />
        <div className="sm:col-span-2">
          <TextareaField field={fields.notes} label={t('admin:eventAdmin.notes')} rows={2} />
          <TextareaField field={fields.bonuses} label={t('admin:eventAdmin.bonuses')} rows={2} />
          {promoter ? null : (
            <CheckboxField field={fields.cancelled} label={t('admin:eventAdmin.cancelled')} />
          )}
          {promoter?.approval ? (
            <p className="mb-3 text-sm text-gray-700" data-testid="event-edit-help">
              {t(
                `events:promoterEdit.help.${promoter.approval === 'approved' ? 'approved' : 'open'}`,
              )}
            </p>
          ) : null}
          <SubmitButton data-testid="event-save">
            {event ? t('common:actions.save') : t('admin:eventAdmin.add')}
          </SubmitButton>
        </div>
      </ZodForm>
      {event && !promoter ? <DuplicateAndDelete /> : null}
    </Section>
  );
}

/**
 * A promoter's new event: the event to copy; an admin's: the promoter and program (a promoter's
 * existing event shows neither).
 */
function OwnerFields({
  fields,
  options,
  promoter,
}: {
  fields: ZodFormFields<typeof eventProposalSchema>;
  options: EventFormOptions;
  promoter?: { earlierEvents?: Option[] };
}) {
  const { t } = useTranslation();
  if (promoter)
    return promoter.earlierEvents ? (
      <SelectField
        field={fields.copyFrom}
        label={t('events:proposal.copyFrom')}
        placeholder={t('events:proposal.noCopy')}
        options={opts(promoter.earlierEvents)}
      />
    ) : null;
  return (
    <>
      <SelectField
        field={fields.promoterId}
        label={t('common:pages.promoter')}
        placeholder={t('common:none')}
        options={opts(options.promoters)}
      />
      <SelectField
        field={fields.categoryId}
        label={t('common:pages.category')}
        placeholder={t('admin:programs.defaultProgram')}
        options={opts(options.categories)}
      />
    </>
  );
}

/** An existing event's duplicate and delete buttons, each its own small form. */
function DuplicateAndDelete() {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap gap-3 border-t pt-4">
      <Form method="post">
        <input type="hidden" name="intent" value="duplicateEvent" />
        <button type="submit" className="btn-secondary" data-testid="event-duplicate">
          {t('admin:eventAdmin.duplicate')}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="deleteEvent" />
        <ConfirmButton message="admin:eventAdmin.confirmDelete" testId="event-delete">
          {t('admin:eventAdmin.delete')}
        </ConfirmButton>
      </Form>
    </div>
  );
}
