/** FAQ for promoters (spec §2 /about/faq-promoters): questions and answers from the program's rules. */
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { AboutFrame, FaqList, tList } from '~/components/public-site';

type Entry = { q: string; a: string | string[] };
type Section = { title: string; items: Entry[] };

export default function FaqPromoters() {
  const { t } = useTranslation();
  const sections = tList<Section>(t, 'public:faq.promoters.sections');
  return (
    <AboutFrame
      title={t('public:faq.promoters.title')}
      intro={<p>{t('public:faq.promoters.intro')}</p>}
    >
      <div className="space-y-8">
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title}>
            <h2 className="mb-3 text-xl font-bold">{s.title}</h2>
            <FaqList items={s.items} />
          </section>
        ))}
      </div>
      <p className="mt-8 text-gray-700">
        {t('public:faq.more')}{' '}
        <LLink to="/about/contact" className="font-semibold text-brand hover:underline">
          {t('public:faq.contactUs')}
        </LLink>
      </p>
    </AboutFrame>
  );
}
