/**
 * Small pieces shared by the event page's forms (event-manager and the components beside it):
 * hidden fields, a confirming submit button, and the refusal of an action shown next to the form
 * that was used (its reason, upload problems and award conflicts, field errors).
 */
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardConflictList } from '~/components/award-conflicts';
import { ConfirmButton } from '~/components/confirm-button';
import { ImportProblemList } from '~/components/import-problems';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import type { EventActionData } from '~/http/events/event-page.server';

/** The submit button that asks first, with or without JavaScript (one pattern for the app). */

/** The refusal of an action: its reason, the upload problems (row, column, why), the award conflicts. */
export function Refusal({ data, testId }: { data: EventActionData; testId: string }) {
  const { t } = useTranslation();
  const conflicts: AwardConflict[] = data.conflicts;
  if (!data.error && !data.problems.length && !conflicts.length) return null;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="my-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {data.problems.length ? (
        <ImportProblemList problems={data.problems} />
      ) : data.error ? (
        <p className="font-semibold">{t(data.error)}</p>
      ) : null}
      <AwardConflictList conflicts={conflicts} />
    </div>
  );
}

/** The action data when it answers this intent (and this row or class, when a target is given). */
export function forIntent(
  data: EventActionData | undefined,
  intent: string,
  targetId?: number,
): EventActionData | undefined {
  if (!data || data.intent !== intent) return undefined;
  if (targetId !== undefined && data.targetId !== targetId) return undefined;
  return data;
}

/** The errors of one field when the action answered this intent (and target). */
export function fieldErrors(
  data: EventActionData | undefined,
  intent: string,
  name: string,
  targetId?: number,
): string[] | undefined {
  return forIntent(data, intent, targetId)?.fieldErrors[name];
}

/** A hidden input (the form's intent, the row it acts on). */
export function Hidden({ name, value }: { name: string; value: string | number }) {
  return <input type="hidden" name={name} value={value} />;
}

/**
 * A post form of one destructive `intent` (with its hidden `fields`, e.g. the id it acts on),
 * submitted by a ConfirmButton asking `message`.
 */
export function ConfirmForm({
  intent,
  fields = {},
  message,
  className,
  formClassName,
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  message: string;
  className: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={formClassName}>
      <Hidden name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <Hidden key={name} name={name} value={value} />
      ))}
      <ConfirmButton message={message} className={className}>
        {children}
      </ConfirmButton>
    </Form>
  );
}
