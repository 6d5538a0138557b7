import { useTranslation } from 'react-i18next';

/**
 * On every page of a local trial (no PUBLIC_URL): the data is the demo's and its passwords are
 * public. A labelled landmark at the top, ink on a light tint (WCAG AA), nothing to focus.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('common:demoBanner.label')}
      data-testid="demo-banner"
      className="border-b border-brand bg-brand-tint px-4 py-2 text-center text-sm font-medium text-ink"
    >
      {t('common:demoBanner.text')}
    </aside>
  );
}
