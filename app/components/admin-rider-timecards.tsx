/**
 * The admin rider page's timecards: the list (each deletable after a confirmation) and the upload
 * form with its error. Render only: the page's action handles both intents.
 */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, Section } from '~/components/admin-ui';
import { ErrorList } from '~/components/forms';
import { useLang } from '~/components/link';
import { formatDate } from '~/lib/format';
import { ConfirmButton } from '~/components/confirm-button';

export function TimecardsSection({
  timecards,
  error: timecardError,
}: {
  timecards: { id: number; originalName: string; createdAt: string }[];
  error: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section title={t('admin:riders.timecards')}>
      <div data-testid="timecards">
        {timecards.length === 0 ? (
          <Empty />
        ) : (
          <ul className="mb-4 space-y-2">
            {timecards.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center gap-3">
                <a
                  href={`/files/documents/${doc.id}`}
                  className="text-brand hover:underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  {doc.originalName}
                </a>
                <span className="text-sm text-gray-500">{formatDate(doc.createdAt, lang)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="deleteTimecard" />
                  <input type="hidden" name="documentId" value={doc.id} />
                  <ConfirmButton
                    message="admin:riders.confirmDeleteTimecard"
                    className="btn-secondary"
                    testId="delete-timecard"
                  >
                    {t('common:actions.delete')}
                  </ConfirmButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-2"
          data-testid="timecard-form"
        >
          <div>
            <label htmlFor="timecard" className="label">
              {t('admin:riders.timecardFile')}
            </label>
            <input
              id="timecard"
              name="timecard"
              type="file"
              accept="image/png,image/jpeg"
              required
              className="input"
              aria-invalid={timecardError ? true : undefined}
              aria-describedby={timecardError ? 'timecard-error' : undefined}
            />
            <ErrorList id="timecard-error" errors={timecardError ? [timecardError] : null} />
          </div>
          <button type="submit" className="btn">
            {t('admin:riders.uploadTimecard')}
          </button>
        </Form>
      </div>
    </Section>
  );
}
