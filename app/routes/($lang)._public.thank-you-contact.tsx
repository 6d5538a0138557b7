/** Thank-you page after the contact form. */
import { useTranslation } from 'react-i18next';
import { LinkGroup } from '~/components/link';
import type { RouteHandle } from '~/lib/route-handle';

export default function ThankYouContact() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="thank-you-contact">
      <p className="text-5xl" aria-hidden="true">
        ✓
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">{t('public:thankYou.title')}</h1>
      <p className="mt-4 text-lg text-gray-700">{t('public:thankYou.text')}</p>
      <p className="mt-2 text-gray-600">{t('public:thankYou.meanwhile')}</p>
      <LinkGroup
        className="mt-8 flex flex-wrap justify-center gap-3"
        links={[
          { to: '/', label: t('common:nav.home'), className: 'btn' },
          { to: '/events', label: t('common:nav.schedule'), className: 'btn-secondary' },
          { to: '/about/faq-riders', label: t('common:nav.faqRiders'), className: 'btn-secondary' },
        ]}
      />
    </div>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', title: 'titles:thankYou' } as const satisfies RouteHandle;
