/** Form pieces shared by every page: fields with translated errors next to them. */
import type { FieldMetadata } from '@conform-to/react';
import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list of error messages; each is an i18n key (e.g. 'validation:required') or plain text. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error" role="alert">
      {errors.map((e) => (
        <li key={e}>{t(e)}</li>
      ))}
    </ul>
  );
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]['type'], 'checkbox' | 'radio'>;

/** Label + input + its errors, wired to a Conform field. */
export function Field<Schema>({
  field,
  label,
  type = 'text',
  hint,
  ...rest
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'form'>) {
  const props = getInputProps(field, { type, ariaDescribedBy: field.errors ? field.errorId : undefined });
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...props} {...rest} key={props.key} className="input" />
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
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
  const props = getTextareaProps(field, { ariaDescribedBy: field.errors ? field.errorId : undefined });
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea {...props} {...rest} key={props.key} className="input" />
      <ErrorList id={field.errorId} errors={field.errors} />
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
  const props = getSelectProps(field, { ariaDescribedBy: field.errors ? field.errorId : undefined });
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
      <ErrorList id={field.errorId} errors={field.errors} />
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
  const props = getInputProps(field, { type: 'checkbox', ariaDescribedBy: field.errors ? field.errorId : undefined });
  return (
    <div className="mb-4">
      <label className="flex items-start gap-2">
        <input {...props} key={props.key} className="mt-1 h-4 w-4" />
        <span>{label}</span>
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
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
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor="website_url_hp">{t('common:honeypot')}</label>
      <input id="website_url_hp" name="website_url_hp" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
