/** Public layout: header with About dropdown, Schedule, Dealers, Register, Login and
 * the language menu; a mobile menu; a footer. Menus are <details>, so they work without JS. */
import { useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '~/components/language-menu';
import { MenuPanel, useAutoCloseDetails } from '~/components/menu-panel';
import { LLink, navLinkProps, useLang } from '~/components/link';
import type { Lang } from '~/lib/lang';
import { useRootData } from '~/components/root-data';

const ABOUT = [
  ['/about/overview', 'common:nav.overview'],
  ['/about/rules', 'common:nav.rules'],
  ['/about/faq-riders', 'common:nav.faqRiders'],
  ['/about/faq-dealers', 'common:nav.faqDealers'],
  ['/about/faq-promoters', 'common:nav.faqPromoters'],
  ['/about/contact', 'common:nav.contact'],
] as const;

export function Logo() {
  const { t } = useTranslation();
  return (
    <LLink
      to="/"
      className="flex items-center gap-2 text-lg font-extrabold tracking-tight no-underline"
    >
      <span aria-hidden="true" className="inline-block h-6 w-6 rounded bg-brand-fill" />
      <span>{t('common:appName')}</span>
    </LLink>
  );
}

function AboutMenu({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const ref = useAutoCloseDetails();
  return (
    <details ref={ref} className="relative">
      <summary className="cursor-pointer list-none hover:text-brand" data-testid="about-menu">
        {t('common:nav.about')} ▾
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-56 rounded-md border bg-white py-1 shadow-lg">
        {ABOUT.map(([to, key]) => (
          <li key={to}>
            <a {...navLinkProps(to, lang)} className="block px-4 py-2 hover:bg-gray-50">
              {t(key)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The phone's menu of the public site: its pages and the account links (see MenuPanel). */
function MobileMenu({
  behind,
  account,
  lang,
}: {
  lang: Lang;
  behind: RefObject<HTMLElement | null>[];
  /** The signed-in user's dashboard (like the wide header's « My account »), else null. */
  account: string | null;
}) {
  const { t } = useTranslation();
  return (
    <MenuPanel
      testId="public-menu"
      behind={behind}
      panelClassName="absolute inset-x-0 top-14 z-30 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b bg-white p-4 shadow-lg"
      closeRowClassName="mb-2 flex justify-end"
      closeClassName="h-9 w-9 shrink-0 rounded text-xl font-bold hover:bg-gray-100"
    >
      <nav aria-label={t('common:nav.main')}>
        <ul className="space-y-3">
          <li>
            <a {...navLinkProps('/', lang)}>{t('common:nav.home')}</a>
          </li>
          <li>
            <a {...navLinkProps('/about/overview', lang)}>{t('common:nav.about')}</a>
          </li>
          <li>
            <a {...navLinkProps('/events', lang)}>{t('common:nav.schedule')}</a>
          </li>
          <li>
            <a {...navLinkProps('/dealers', lang)}>{t('common:nav.dealers')}</a>
          </li>
          {account ? (
            <li>
              <a {...navLinkProps(account, lang)} className="btn w-full">
                {t('common:nav.myAccount')}
              </a>
            </li>
          ) : (
            <>
              <li>
                <a {...navLinkProps('/register', lang)} className="btn w-full">
                  {t('common:nav.registerToday')}
                </a>
              </li>
              <li>
                <a {...navLinkProps('/login', lang)}>{t('common:nav.alreadyMember')}</a>
              </li>
            </>
          )}
          <li>
            <LanguageMenu place="menu" />
          </li>
        </ul>
      </nav>
    </MenuPanel>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The page's language once for the whole header and footer (a LLink asks for it per link).
  const lang = useLang();
  const root = useRootData();
  const user = root?.user;
  const logo = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);
  const footer = useRef<HTMLElement>(null);
  // What the open phone menu makes inert: everything but the menu and its toggle.
  const behind = useMemo(() => [logo, main, footer], []);
  return (
    <div className="flex min-h-full flex-col bg-white">
      <header className="relative border-b bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
          <div ref={logo}>
            <Logo />
          </div>
          <nav aria-label={t('common:nav.main')} className="hidden items-center gap-6 md:flex">
            <AboutMenu lang={lang} />
            <a {...navLinkProps('/events', lang)} className="hover:text-brand">
              {t('common:nav.schedule')}
            </a>
            <a {...navLinkProps('/dealers', lang)} className="hover:text-brand">
              {t('common:nav.dealers')}
            </a>
            {user ? (
              <a {...navLinkProps(`/auth/${user.role}`, lang)} className="btn">
                {t('common:nav.myAccount')}
              </a>
            ) : (
              <>
                <a {...navLinkProps('/register', lang)} className="btn">
                  {t('common:nav.register')}
                </a>
                <a {...navLinkProps('/login', lang)} className="hover:text-brand">
                  {t('common:nav.login')}
                </a>
              </>
            )}
            <LanguageMenu />
          </nav>
          <MobileMenu behind={behind} account={user ? `/auth/${user.role}` : null} lang={lang} />
        </div>
      </header>
      <main ref={main} id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <footer ref={footer} className="border-t bg-ink text-gray-300">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm md:grid-cols-3">
          <div>
            <p className="font-bold text-white">{t('common:appName')}</p>
            <p className="mt-2">{t('common:footer.tagline')}</p>
          </div>
          <ul className="space-y-1">
            {ABOUT.map(([to, key]) => (
              <li key={to}>
                <a {...navLinkProps(to, lang)} className="hover:text-white">
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
          <div>
            <LanguageMenu className="text-gray-300" place="footer" />
            <p className="mt-4">{t('common:footer.noFees')}</p>
            <p className="mt-2">
              © {new Date().getFullYear()} {t('common:appName')}
            </p>
          </div>
        </div>
      </footer>
    </div>
  );
}
