import type { LoaderFunctionArgs } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '~/components/dashboard-layout';
import { requireRole } from '~/services/guard.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  return null;
}

export default function AdminDealerLoginsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('common:pages.dealerLogins')} />
      <p className="text-gray-600">{t('common:status.comingSoon')}</p>
    </>
  );
}
