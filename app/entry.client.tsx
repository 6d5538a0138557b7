import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initClientI18n, loadRemainingNamespaces } from '~/i18n.client';

// A failed page-chunk load (a new deploy replaced the files) reloads the page.
window.addEventListener('vite:preloadError', () => window.location.reload());

async function hydrate() {
  const i18n = await initClientI18n(
    document.documentElement.lang === 'fr' ? 'fr' : 'en',
    window.location.pathname,
  );
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
  loadRemainingNamespaces();
}

void hydrate();
