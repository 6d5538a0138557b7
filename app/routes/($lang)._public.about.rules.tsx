/**
 * About — program rules: eligibility, bikes and logos, classes and
 * payouts, dealer credit, pro cash, taxes, the SuperTwin and Singles programs, results.
 */
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { AboutFrame, tList } from '~/components/public-site';
import type { RouteHandle } from '~/lib/route-handle';

type Section = { id: string; title: string; intro?: string; items: string[] };

export default function AboutRules() {
  const { t } = useTranslation();
  const sections = tList<Section>(t, 'public:rules.sections');
  return (
    <AboutFrame title={t('public:rules.title')} intro={<p>{t('public:rules.intro')}</p>}>
      <nav aria-label={t('public:rules.tocLabel')} className="card mb-8">
        <p className="mb-2 font-semibold">{t('public:rules.toc')}</p>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10" data-testid="rules">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} className="scroll-mt-4">
            <h2 className="mb-2 text-xl font-bold">
              {i + 1}. {s.title}
            </h2>
            {s.intro ? <p className="mb-3 text-gray-700">{s.intro}</p> : null}
            <ul className="list-disc space-y-2 pl-6 text-gray-700">
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-10 rounded border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700">
        {t('public:rules.footnote')}{' '}
        <LLink to="/about/contact" className="font-semibold text-brand hover:underline">
          {t('public:faq.contactUs')}
        </LLink>
      </p>
    </AboutFrame>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public', title: 'titles:rules' } as const satisfies RouteHandle;
