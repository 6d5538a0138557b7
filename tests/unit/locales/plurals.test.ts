/** Counted words agree with their count in French: « 1 présent », « 2 présents ». */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaces, resources } from '#locales/index';
import { i18nConfig } from '~/i18n';

async function t(lng: 'en' | 'fr') {
  const i = createInstance();
  await i.init({ ...i18nConfig, ns: namespaces, resources, lng });
  return i.getFixedT(null, 'events');
}

describe('a class count of riders present', () => {
  it('is singular for one rider and plural for more, in both languages', async () => {
    const fr = await t('fr');
    const en = await t('en');
    expect(fr('page.present', { count: 1 })).toBe('1 présent');
    expect(fr('page.present', { count: 7 })).toBe('7 présents');
    expect(en('page.present', { count: 1 })).toBe('1 present');
    expect(en('page.present', { count: 7 })).toBe('7 present');
  });
});
