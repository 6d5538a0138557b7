import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '~/components/language-menu';
import { Logo } from '~/components/public-layout';

/** The bare login layout: logo, language menu and a centred card. */
export function BareLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gray-100 px-4 py-12">
      <header className="mb-6 flex w-full max-w-md items-center justify-between">
        <Logo />
        <LanguageMenu />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="w-full max-w-md rounded-lg bg-white p-8 shadow"
        aria-label={t('common:appName')}
      >
        {children}
      </main>
    </div>
  );
}
