/**
 * The rider's documents on the profile page: the notice of what a pro still has to upload, and one
 * upload card per kind (list, delete, upload). The page's action handles `intent=upload`
 * (multipart: `kind`, `file`) and `intent=deleteDocument` (`documentId`).
 */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorList, SubmitButton } from '~/components/forms';
import { ProfileSection, type ProfileActionResult } from '~/components/rider-profile';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { formatDate } from '~/lib/format';
import { RIDER_UPLOAD_KINDS } from '~/lib/schemas/rider';

/** One of the rider's uploaded documents. */
export type ProfileDocument = {
  id: number;
  kind: string;
  originalName: string;
  createdAt: string;
  url: string;
};

/** The documents a pro rider still has to upload (nothing when none is missing). */
export function ProDocumentsNotice({ missing }: { missing: string[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div
      role="alert"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
      data-testid="pro-documents-notice"
    >
      <p className="font-semibold">{t('rider:profile.proNotice.title')}</p>
      <p className="mt-1 text-sm">{t('rider:profile.proNotice.text')}</p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        {missing.map((k) => (
          <li key={k}>{t(`rider:documents.kinds.${k}`)}</li>
        ))}
      </ul>
    </div>
  );
}

export function DocumentsSection({
  documents,
  actionData,
}: {
  documents: ProfileDocument[];
  actionData: ProfileActionResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const maxMb = UPLOAD_MAX_BYTES / (1024 * 1024);
  return (
    <ProfileSection id="documents" title={t('rider:documents.title')}>
      <p className="mb-4 text-sm text-gray-700">{t('rider:documents.intro', { max: maxMb })}</p>
      {actionData?.intent === 'deleteDocument' && actionData.error ? (
        <ErrorList errors={[actionData.error]} />
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        {RIDER_UPLOAD_KINDS.map((kind) => {
          const docs = documents.filter((doc) => doc.kind === kind);
          const error =
            actionData?.intent === 'upload' && actionData.kind === kind
              ? actionData.error
              : undefined;
          const saved =
            actionData?.intent === 'upload' && actionData.kind === kind && actionData.saved;
          const inputId = `upload-${kind}`;
          return (
            <div
              key={kind}
              className="rounded-md border border-gray-200 p-3"
              data-testid={`documents-${kind}`}
            >
              <h3 className="mb-2 font-semibold">{t(`rider:documents.kinds.${kind}`)}</h3>
              {docs.length === 0 ? (
                <p className="mb-2 text-sm text-gray-600">{t('rider:documents.none')}</p>
              ) : (
                <ul className="mb-3 space-y-1 text-sm">
                  {docs.map((doc) => (
                    <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2">
                      <a
                        href={doc.url}
                        target="_blank"
                        rel="noreferrer"
                        className="text-brand hover:underline"
                      >
                        {doc.originalName}
                      </a>
                      <span className="text-gray-500">{formatDate(doc.createdAt, lang)}</span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="deleteDocument" />
                        <input type="hidden" name="documentId" value={doc.id} />
                        <button
                          type="submit"
                          className="text-sm text-red-700 hover:underline"
                          aria-label={t('rider:documents.deleteLabel', { name: doc.originalName })}
                        >
                          {t('common:actions.delete')}
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              )}
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={kind} />
                <label htmlFor={inputId} className="label">
                  {t('rider:documents.choose')}
                </label>
                <input
                  id={inputId}
                  name="file"
                  type="file"
                  accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                  required
                  className="mb-2 block w-full text-sm"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error ? <ErrorList id={`${inputId}-error`} errors={[error]} /> : null}
                <SubmitButton className="btn-secondary mt-2 text-sm">
                  {t('rider:documents.upload')}
                </SubmitButton>
                {saved ? (
                  <p
                    role="status"
                    className="mt-2 text-sm font-semibold text-green-800"
                    data-testid={`uploaded-${kind}`}
                  >
                    {t('rider:documents.uploaded')}
                  </p>
                ) : null}
              </Form>
            </div>
          );
        })}
      </div>
    </ProfileSection>
  );
}
