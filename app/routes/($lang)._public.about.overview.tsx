/** About — overview: what the program is and how it works. */
import { useTranslation } from 'react-i18next';
import { LinkGroup } from '~/components/link';
import { AboutFrame, tList } from '~/components/public-site';
import type { RouteHandle } from '~/lib/route-handle';

type Block = { title: string; paragraphs: string[] };

export default function AboutOverview() {
  const { t } = useTranslation();
  const blocks = tList<Block>(t, 'public:overview.blocks');
  return (
    <AboutFrame title={t('public:overview.title')} intro={<p>{t('public:overview.intro')}</p>}>
      <div className="space-y-8">
        {blocks.map((b) => (
          <section key={b.title}>
            <h2 className="mb-2 text-xl font-bold">{b.title}</h2>
            <div className="space-y-2 text-gray-700">
              {b.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
      <LinkGroup
        className="mt-10 flex flex-wrap gap-3"
        links={[
          { to: '/register', label: t('common:nav.registerToday'), className: 'btn' },
          { to: '/about/rules', label: t('public:overview.readRules'), className: 'btn-secondary' },
          { to: '/events', label: t('common:nav.schedule'), className: 'btn-secondary' },
        ]}
      />
    </AboutFrame>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public', title: 'titles:overview' } as const satisfies RouteHandle;
