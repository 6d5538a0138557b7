/** i18next settings shared by the server and the browser. */
import { resources, namespaces } from '#locales/index';
import { DEFAULT_LANG, LANGS } from '~/lib/lang';

export const i18nConfig = {
  supportedLngs: [...LANGS],
  fallbackLng: DEFAULT_LANG,
  defaultNS: 'common',
  ns: namespaces,
  resources,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
