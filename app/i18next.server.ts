/** Server-side i18n: the URL decides the language (the cookie only remembers a choice). */
import { createInstance, type i18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from '#locales/index';
import { i18nConfig } from '~/i18n';
import { LANGS, langFromPath, type Lang } from '~/lib/lang';
import { withTranslationMemo } from '~/perf.server';

/** The language of a request (from its URL). */
export function requestLang(request: Request): Lang {
  return langFromPath(new URL(request.url).pathname);
}

const instances = new Map<Lang, Promise<i18n>>();

/**
 * The server's i18next instance for a language: one per language for the life of the process
 * (its language never changes, so requests can share it), not one per request. It remembers the
 * answers to plain lookups (`withTranslationMemo`).
 */
export function i18nFor(lang: Lang): Promise<i18n> {
  let hit = instances.get(lang);
  if (!hit) {
    const instance = createInstance();
    hit = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, ns: namespaces, resources, lng: lang })
      // Its language and resources never change: plain lookups are answered once.
      .then(() => withTranslationMemo(instance));
    instances.set(lang, hit);
  }
  return hit;
}

const fixed = new Map<Lang, TFunction>();

/** A translation function for a language, usable outside a request (mail, jobs, services). */
export async function tFor(lang: Lang): Promise<TFunction> {
  let t = fixed.get(lang);
  if (!t) fixed.set(lang, (t = (await i18nFor(lang)).getFixedT(lang)));
  return t;
}

/**
 * A translation function per language, for work that writes several readers' mails inside one
 * synchronous transaction (the readers, hence their languages, are read in it).
 */
export async function tForEach(): Promise<Record<Lang, TFunction>> {
  const out = {} as Record<Lang, TFunction>;
  for (const lang of LANGS) out[lang] = await tFor(lang);
  return out;
}
