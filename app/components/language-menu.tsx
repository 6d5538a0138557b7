/** The language menu: plain links to /api/set-lang, so it works without JavaScript. */
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LANGS, stripLang } from '~/lib/lang';
import { useLang } from '~/components/link';

/**
 * `place` names the landmark: a page has the menu in its header and footer, and two navigation
 * landmarks must not share one label.
 */
export function LanguageMenu({
  className = '',
  place = 'header',
}: {
  className?: string;
  place?: 'header' | 'menu' | 'footer';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const here = `${stripLang(location.pathname)}${location.search}`;
  return (
    <nav
      aria-label={t(place === 'header' ? 'common:language.label' : `common:language.${place}Label`)}
      className={`flex gap-2 text-sm ${className}`}
    >
      {LANGS.map((l) => (
        <a
          key={l}
          href={`/api/set-lang?lang=${l}&redirectTo=${encodeURIComponent(here)}`}
          hrefLang={l}
          lang={l}
          aria-current={l === lang ? 'true' : undefined}
          className={l === lang ? 'font-bold underline' : 'hover:underline'}
          data-testid={`lang-${l}`}
        >
          {t(`common:language.${l}`)}
        </a>
      ))}
    </nav>
  );
}
