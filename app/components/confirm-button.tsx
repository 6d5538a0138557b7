/**
 * The one way a destructive action asks first, with or without JavaScript.
 *
 * `ConfirmButton` goes inside the action's form. With JavaScript it asks with the browser's
 * dialog and, on yes, submits the form (and the button's own name/value) to the page's action
 * with `confirmed=yes`. Without JavaScript its `formAction` sends the form to `/confirm`, a page
 * that repeats the question with the form's fields and posts them to the page's action when the
 * user says yes (routes/($lang)._bare.confirm.tsx). The message is an i18n key (+ values).
 */
import { useLocation, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '~/components/link';

/** Fields the confirmation page reads; never sent on to the real action. */
export const CONFIRM_FIELDS = {
  to: '_confirmTo',
  message: '_confirmMessage',
  values: '_confirmValues',
} as const;

export function ConfirmButton({
  message,
  values,
  children,
  className = 'btn-danger',
  name,
  value,
  action,
  testId,
  ariaLabel,
}: {
  /** i18n key of the question ('admin:eventAdmin.confirmDelete'). */
  message: string;
  values?: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
  /** Where the form posts (default: this page). */
  action?: string;
  testId?: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const localize = useLocalize();
  const to = action ?? `${location.pathname}${location.search}`;
  return (
    <>
      <input type="hidden" name={CONFIRM_FIELDS.to} value={to} />
      <input type="hidden" name={CONFIRM_FIELDS.message} value={message} />
      <input type="hidden" name={CONFIRM_FIELDS.values} value={JSON.stringify(values ?? {})} />
      <button
        type="submit"
        className={className}
        name={name}
        value={value}
        formAction={localize('/confirm')}
        data-testid={testId}
        aria-label={ariaLabel}
        onClick={(e) => {
          e.preventDefault();
          if (!window.confirm(t(message, values))) return;
          const form = e.currentTarget.form;
          if (!form) return;
          const data = new FormData(form);
          for (const field of Object.values(CONFIRM_FIELDS)) data.delete(field);
          if (name) data.set(name, value ?? '');
          data.set('confirmed', 'yes');
          submit(data, {
            method: 'post',
            action: to,
            encType: form.enctype as 'multipart/form-data' | 'application/x-www-form-urlencoded',
          });
        }}
      >
        {children}
      </button>
    </>
  );
}
