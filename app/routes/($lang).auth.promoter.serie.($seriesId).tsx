import type { LoaderFunctionArgs } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { requireRole } from '~/services/auth/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'promoter');
  return null;
}

export default function PromoterSeriePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('common:pages.serie')} />
      <p className="text-gray-600">{t('common:status.comingSoon')}</p>
    </>
  );
}
