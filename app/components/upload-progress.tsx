/**
 * Upload progress: while a file form is being sent and read, and once that has taken
 * more than a second, the form says so — the file's name and size, a progress bar and the seconds
 * gone — and its submit button is held (no second upload of the same file). Without JavaScript the
 * browser's own page-loading indicator does this job.
 */
import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** After this long a running upload is shown (ms). */
const UPLOAD_PROGRESS_AFTER_MS = 1000;

/** True while this form's multipart submission (its `intent`, when given) is in flight. */
export function useUploading(intent?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === 'submitting' &&
    navigation.formEncType === 'multipart/form-data' &&
    (intent === undefined || navigation.formData?.get('intent') === intent)
  );
}

function sizeText(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return mb >= 1 ? `${n.format(mb)} MB` : `${n.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

export function UploadProgress({ intent }: { intent?: string }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const uploading = useUploading(intent);
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!uploading) return setElapsed(0);
    const start = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - start), 250);
    return () => clearInterval(timer);
  }, [uploading]);
  if (!uploading || elapsed < UPLOAD_PROGRESS_AFTER_MS) return null;
  const file = navigation.formData?.get('file');
  const name = file instanceof File ? file.name : '';
  const size = file instanceof File ? sizeText(file.size, i18n.language) : '';
  return (
    <div className="mt-3" data-testid="upload-progress">
      <progress className="h-2 w-full accent-brand" aria-labelledby="upload-progress-text" />
      <p id="upload-progress-text" role="status" className="mt-1 text-sm text-gray-700">
        {t('common:uploadProgress.sending', { name, size })}{' '}
        <span aria-hidden="true">
          {t('common:uploadProgress.seconds', { count: Math.floor(elapsed / 1000) })}
        </span>
      </p>
    </div>
  );
}
