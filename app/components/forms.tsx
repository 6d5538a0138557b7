/** Form pieces shared by every page: fields with translated errors next to them. */
import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { Form, useNavigation, type FormProps } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportFormFailed, useRouteFormFailed } from '~/components/form-failed';
import { splitMessage } from '~/lib/messages';
import { HONEYPOT_FIELD } from '~/lib/schemas/honeypot';

/**
 * A list of error messages; each is an i18n key (e.g. 'validation:required') or plain text.
 * A form-level or stand-alone list is a live `role="alert"` region; the lists of the Field
 * components below are not (`alert={false}`): a field's errors are read through its
 * `aria-describedby` when it gets focus, and the form's one `ErrorSummary` announces a failed
 * submit, so a screen reader hears each error once instead of one alert per field.
 */
export function ErrorList({
  id,
  errors,
  alert = true,
}: {
  id?: string;
  errors?: string[] | null;
  alert?: boolean;
}) {
  const { t } = useTranslation();
  const fromServer = useRouteFormFailed();
  if (!errors?.length) return null;
  const list = (
    <ul id={id} className="field-error">
      {errors.map((e) => {
        const [key, values] = splitMessage(e);
        return <li key={e}>{t(key, values)}</li>;
      })}
    </ul>
  );
  // The alert role goes on a wrapper: on the <ul> itself it would hide the list semantics. A
  // form's own message that came back from the server takes focus, as the summary does (the
  // first `autofocus` of the page wins when both show).
  return alert ? (
    <div role="alert" tabIndex={-1} autoFocus={fromServer}>
      {list}
    </div>
  ) : (
    list
  );
}

/**
 * One announcement for a failed submit: "N fields need attention", each invalid field a link to
 * its input (the form's own messages, a wrong password, are its ErrorList's). Shown once the form was submitted
 * with errors (Conform's `status`). When the errors came back from the server the box takes focus:
 * `autofocus` in the page's HTML (without JavaScript too), and after a client-side submit
 * useFocusAfterNavigation does it. A failed check in the browser leaves focus on the first invalid
 * field, as Conform puts it. `fields` pairs fields with their visible labels; a field not listed is
 * named by its label in the page once JavaScript runs, before that by its message.
 */
export function ErrorSummary({
  form,
  fields = [],
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fields?: [FieldMetadata<any, any, string[]>, string][];
}) {
  const { t } = useTranslation();
  const fromServer = useRouteFormFailed();
  // A form that lists its fields reads each field's errors (Conform re-renders on each of them);
  // one that does not reads all of the form's errors.
  const entries: [string, string[] | undefined][] = fields.length
    ? fields.map(([f]) => [f.name, f.errors])
    : Object.entries(form.allErrors);
  const errors = form.status === 'error' ? entries : [];
  // Conform keeps a checked field that passed with no messages (undefined), not an empty list.
  const invalid = errors.filter(
    (entry): entry is [string, string[]] => entry[0] !== '' && !!entry[1]?.length,
  );
  const labels = new Map(fields.map(([f, label]) => [f.name, label]));
  const inPage = useLabelsInPage(form.id, invalid.map(([name]) => name).join(' '));
  return (
    // A whole row of a grid form (an empty row while there is nothing to say).
    <div
      role="alert"
      id={`${form.id}-summary`}
      data-testid="error-summary"
      className="col-span-full"
    >
      {invalid.length ? (
        <div
          tabIndex={-1}
          autoFocus={fromServer}
          data-error-summary
          className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">
            {t('common:errorSummary.title', { count: invalid.length })}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {invalid.map(([name, messages]) => (
              <li key={name}>
                <a
                  href={`#${form.id}-${name}`}
                  className="inline-flex min-h-6 items-center underline"
                >
                  {labels.get(name) ?? inPage[name] ?? translated(t, messages[0])}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function translated(t: (key: string, values?: Record<string, unknown>) => string, message: string) {
  const [key, values] = splitMessage(message);
  return t(key, values);
}

/** Each named field's label text as the page shows it, read once the page is in the browser. */
function useLabelsInPage(formId: string, names: string): Record<string, string> {
  const [labels, setLabels] = useState<Record<string, string>>({});
  useEffect(() => {
    const found: Record<string, string> = {};
    for (const name of names.split(' ').filter(Boolean)) {
      const label = document.querySelector(`label[for="${CSS.escape(`${formId}-${name}`)}"]`);
      const text = label?.textContent?.trim();
      if (text) found[name] = text;
    }
    setLabels(found);
  }, [formId, names]);
  return labels;
}

/**
 * The house's form element for a Conform form: posts, carries Conform's props, and puts the
 * error summary first, so every form announces a failed submit the same way.
 */
export function ZodForm({
  form,
  summary,
  children,
  ...rest
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  /** The fields the summary names, with their labels (optional: see ErrorSummary). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  summary?: [FieldMetadata<any, any, string[]>, string][];
} & Omit<FormProps, 'id' | 'onSubmit' | 'noValidate'>) {
  // The page's title says « Error: » while the route's answer is a form that came back with errors.
  useReportFormFailed(useRouteFormFailed());
  return (
    <Form method="post" {...getFormProps(form)} {...rest}>
      <ErrorSummary form={form} fields={summary} />
      {children}
    </Form>
  );
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]['type'], 'checkbox' | 'radio'>;

/** Label + input + its errors, wired to a Conform field. */
export function Field<Schema>({
  field,
  label,
  type = 'text',
  hint,
  announce = false,
  ...rest
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  /** Say the field's errors as they appear (a field checked on blur, not only on submit). */
  announce?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'form'>) {
  // Conform puts the error id in aria-describedby itself when the field is invalid: only add the hint.
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...props} {...rest} key={props.key} className="input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {announce ? (
        // A live region already in the page, empty until the error is written into it.
        <div aria-live="polite" data-testid={`${field.id}-live`}>
          <ErrorList id={field.errorId} errors={field.errors} alert={false} />
        </div>
      ) : (
        <ErrorList id={field.errorId} errors={field.errors} alert={false} />
      )}
    </div>
  );
}

/** Label + textarea + errors. */
export function TextareaField<Schema>({
  field,
  label,
  ...rest
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
} & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'>) {
  const props = getTextareaProps(field);
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea {...props} {...rest} key={props.key} className="input" />
      <ErrorList id={field.errorId} errors={field.errors} alert={false} />
    </div>
  );
}

/** Label + select + errors. `options` are [value, label] pairs. */
export function SelectField<Schema>({
  field,
  label,
  options,
  placeholder,
  ...rest
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  options: [string, string][];
  placeholder?: string;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'form'>) {
  const props = getSelectProps(field);
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <select {...props} {...rest} key={props.key} className="input">
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} alert={false} />
    </div>
  );
}

/** Checkbox + label + errors. */
export function CheckboxField<Schema>({
  field,
  label,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
}) {
  const props = getInputProps(field, { type: 'checkbox' });
  return (
    <div className="mb-4">
      <label className="flex items-start gap-2">
        <input {...props} key={props.key} className="mt-1 h-4 w-4" />
        <span>{label}</span>
      </label>
      <ErrorList id={field.errorId} errors={field.errors} alert={false} />
    </div>
  );
}

/**
 * The fields that set a password, the same in every form that has them (registration, an
 * invitation, a reset, each role's change of password): the current password when the form asks
 * for it, the new one with the rules it must meet (passwordSchema), and its confirmation.
 */
export function PasswordFields<Schema>({
  current,
  password,
  confirm,
  first = false,
}: {
  current?: FieldMetadata<Schema>;
  password: FieldMetadata<Schema>;
  confirm: FieldMetadata<Schema>;
  /** The account's first password (registration): "Password", not "New password". */
  first?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {current ? (
        <Field
          field={current}
          label={t('common:password.current')}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      <Field
        field={password}
        label={t(first ? 'common:password.first' : 'common:password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('common:password.hint')}
      />
      <Field
        field={confirm}
        label={t('common:password.confirm')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** A submit button that shows it is busy while its form is submitting. */
export function SubmitButton({
  children,
  className = 'btn',
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <button type="submit" className={className} aria-busy={busy} {...rest}>
      {children}
    </button>
  );
}

/** Hidden honeypot field for public forms (used instead of a captcha when none is configured). */
export function Honeypot() {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label htmlFor={HONEYPOT_FIELD}>{t('common:honeypot')}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
