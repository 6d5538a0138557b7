/** The confirmation an admin sees before acting as someone else. */
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { BareLayout } from '~/components/bare-layout';

const TEXT = {
  rider: 'common:proxy.confirmRider',
  dealer: 'common:proxy.confirmDealer',
  promoter: 'common:proxy.confirmPromoter',
} as const;

export function ProxyConfirm({ role, name }: { role: keyof typeof TEXT; name: string }) {
  const { t } = useTranslation();
  return (
    <BareLayout>
      <h1 className="mb-4 text-2xl font-bold">{t('common:proxy.confirmTitle')}</h1>
      <p className="mb-6">{t(TEXT[role], { name })}</p>
      <Form method="post" reloadDocument className="flex gap-3">
        <button type="submit" className="btn" data-testid="proxy-start">
          {t('common:proxy.start')}
        </button>
        <LLink to="/auth/admin" className="btn-secondary">
          {t('common:actions.cancel')}
        </LLink>
      </Form>
    </BareLayout>
  );
}
