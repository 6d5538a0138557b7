/** Thank-you page after the contact form (spec §2 /thank-you-contact). */
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';

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
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LLink to="/" className="btn">
          {t('common:nav.home')}
        </LLink>
        <LLink to="/events" className="btn-secondary">
          {t('common:nav.schedule')}
        </LLink>
        <LLink to="/about/faq-riders" className="btn-secondary">
          {t('common:nav.faqRiders')}
        </LLink>
      </div>
    </div>
  );
}
