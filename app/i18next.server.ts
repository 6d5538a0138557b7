/** Server-side i18n: the URL decides the language (the cookie only remembers a choice). */
import { createInstance, type TFunction } from 'i18next';
import { RemixI18Next } from 'remix-i18next/server';
import { i18nConfig } from '~/i18n';
import { langFromPath, type Lang } from '~/lib/lang';

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    // remix-i18next v6 hands over the Request: build the URL first.
    findLocale: async (request) => langFromPath(new URL(request.url).pathname),
  },
  i18next: { ...i18nConfig },
});

/** The language of a request (from its URL). */
export function requestLang(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}

const fixed = new Map<Lang, TFunction>();

/** A translation function for a language, usable outside a request (mail, jobs, services). */
export async function tFor(lang: Lang): Promise<TFunction> {
  const hit = fixed.get(lang);
  if (hit) return hit;
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: lang });
  const t = instance.getFixedT(lang);
  fixed.set(lang, t);
  return t;
}
