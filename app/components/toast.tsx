/** The one-time message carried by the flash cookie (shown after a redirect). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Flash = {
  kind: 'success' | 'error' | 'info';
  message: string;
  values?: Record<string, string>;
};

export function Toast({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(true), [flash]);
  if (!open) return null;
  const colors =
    flash.kind === 'error'
      ? 'border-red-300 bg-red-50 text-red-900'
      : flash.kind === 'success'
        ? 'border-green-300 bg-green-50 text-green-900'
        : 'border-blue-300 bg-blue-50 text-blue-900';
  return (
    <div
      role={flash.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      // At the bottom: the proxy banner and the page header stay visible above it.
      className={`fixed inset-x-2 bottom-4 z-50 mx-auto flex max-w-lg items-start gap-3 rounded-md border px-4 py-3 shadow ${colors}`}
    >
      <p className="flex-1">{t(flash.message, flash.values)}</p>
      <button
        type="button"
        className="-my-1 h-8 w-8 shrink-0 font-bold"
        aria-label={t('common:actions.close')}
        onClick={() => setOpen(false)}
      >
        ×
      </button>
    </div>
  );
}
