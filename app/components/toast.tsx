/**
 * The one-time message carried by the flash cookie (shown after a redirect). Its live regions
 * are always in the page, empty until a message comes: a screen reader reads text inserted into
 * an existing live region, not always a region created with its text.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Flash = {
  kind: 'success' | 'error' | 'info';
  message: string;
  values?: Record<string, string>;
};

// At the bottom: the proxy banner and the page header stay visible above it.
const PLACE = 'pointer-events-none fixed inset-x-2 bottom-4 z-50 mx-auto max-w-lg';

export function Toast({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(true), [flash]);
  const shown = open && flash ? flash : null;
  const colors =
    shown?.kind === 'error'
      ? 'border-red-300 bg-red-50 text-red-900'
      : shown?.kind === 'success'
        ? 'border-green-300 bg-green-50 text-green-900'
        : 'border-blue-300 bg-blue-50 text-blue-900';
  const box = shown ? (
    <div
      data-testid="toast"
      className={`pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 shadow ${colors}`}
    >
      <p className="flex-1">{t(shown.message, shown.values)}</p>
      <button
        type="button"
        className="-my-1 h-8 w-8 shrink-0 font-bold"
        aria-label={t('common:actions.close')}
        onClick={() => setOpen(false)}
      >
        ×
      </button>
    </div>
  ) : null;
  return (
    <>
      <div role="status" data-toast data-testid="toast-status" className={PLACE}>
        {shown?.kind !== 'error' ? box : null}
      </div>
      <div role="alert" data-toast data-testid="toast-alert" className={PLACE}>
        {shown?.kind === 'error' ? box : null}
      </div>
    </>
  );
}
