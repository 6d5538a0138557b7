/**
 * Remembered lookups: the server's per-language i18next instances answer plain lookups
 * from memory, and the answer is always the one i18next itself gives; lookups with variables,
 * counts or defaults are never remembered.
 */
import { createInstance, type i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaces, resources } from '#locales/index';
import { i18nConfig } from '~/i18n';
import {
  lookupKey,
  MAX_VALUED_LOOKUPS,
  memoizeLookups,
  valuedLookupKey,
} from '../../../server/perf/translation-memo';

async function instance(lng: 'en' | 'fr'): Promise<i18n> {
  const i = createInstance();
  await i.init({ ...i18nConfig, ns: namespaces, resources, lng });
  return i;
}

/** Every leaf key of a namespace's resources (objects included, as `returnObjects` reads them). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return [
    prefix,
    ...Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)),
  ].filter(Boolean);
}

describe('remembered translation lookups', () => {
  it('answers every key of every namespace, in both languages, as i18next does, on first and later calls', async () => {
    for (const lng of ['en', 'fr'] as const) {
      const plain = await instance(lng);
      const memo = memoizeLookups(await instance(lng));
      const tPlain = plain.getFixedT(null, 'common');
      const tMemo = memo.getFixedT(null, 'common');
      let checked = 0;
      for (const ns of namespaces) {
        const bundle = (resources as Record<string, Record<string, unknown>>)[lng]![ns];
        for (const key of keysOf(bundle)) {
          for (let round = 0; round < 2; round++) {
            expect(tMemo(`${ns}:${key}`), `${lng} ${ns}:${key}`).toEqual(tPlain(`${ns}:${key}`));
            expect(tMemo(`${ns}:${key}`, { returnObjects: true })).toEqual(
              tPlain(`${ns}:${key}`, { returnObjects: true }),
            );
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
      // Through a fixed namespace and a key prefix too.
      expect(memo.getFixedT(null, 'public')('overview.title')).toBe(
        plain.getFixedT(null, 'public')('overview.title'),
      );
      expect(memo.getFixedT(null, 'public', 'overview')('title')).toBe(
        plain.getFixedT(null, 'public', 'overview')('title'),
      );
    }
  });

  it('keeps lookups with variables, a count, a context or a default apart from the plain ones', async () => {
    const memo = memoizeLookups(await instance('en'));
    const t = memo.getFixedT(null, 'common');
    const a = t('common:pagination.page', { page: 1, totalPages: 3 });
    const b = t('common:pagination.page', { page: 2, totalPages: 3 });
    expect([a, b]).toEqual(['Page 1 of 3', 'Page 2 of 3']);
    expect(t('common:nope.missing', { defaultValue: 'one' })).toBe('one');
    expect(t('common:nope.missing', { defaultValue: 'two' })).toBe('two');
    expect(lookupKey('k', { count: 2 })).toBeNull();
    expect(lookupKey('k', { context: 'male' })).toBeNull();
    expect(lookupKey('k', { lng: 'fr', ns: ['a', 'b'] })).toBe(
      lookupKey('k', { ns: ['a', 'b'], lng: 'fr' }),
    );
    expect(lookupKey('k', { lng: 'fr' })).not.toBe(lookupKey('k', { lng: 'en' }));
    expect(lookupKey(['k', 'j'], undefined)).toBeNull();
  });

  it('answers lookups with values as i18next does, keyed by every value, never one with an object', async () => {
    const plain = (await instance('fr')).getFixedT(null, 'common');
    const t = memoizeLookups(await instance('fr')).getFixedT(null, 'common');
    for (let round = 0; round < 2; round++) {
      for (const [page, totalPages] of [
        [1, 3],
        [2, 3],
        [2, 4],
      ]) {
        expect(t('common:pagination.page', { page, totalPages })).toBe(
          plain('common:pagination.page', { page, totalPages }),
        );
      }
    }
    // A number and the same digits as text, or the values in other fields, are other lookups.
    expect(valuedLookupKey('k', { count: 2 })).not.toBe(valuedLookupKey('k', { count: '2' }));
    expect(valuedLookupKey('k', { a: 'x', b: 'y' })).not.toBe(
      valuedLookupKey('k', { a: 'y', b: 'x' }),
    );
    expect(valuedLookupKey('k', { a: 1, b: 2 })).toBe(valuedLookupKey('k', { b: 2, a: 1 }));
    expect(valuedLookupKey('k', { interpolation: { escapeValue: false } })).toBeNull();
    expect(valuedLookupKey('k', { name: 'a\u0001b' })).toBeNull();
    // null is a value of its own: not the text 'null', not a missing value.
    expect(valuedLookupKey('k', { when: null })).not.toBeNull();
    expect(valuedLookupKey('k', { when: null })).not.toBe(valuedLookupKey('k', { when: 'null' }));
    expect(valuedLookupKey('k', { when: null })).not.toBe(valuedLookupKey('k', {}));
    // Full, the memo starts again: every answer stays right.
    for (let i = 0; i < MAX_VALUED_LOOKUPS + 10; i++)
      t('common:pagination.page', { page: i, totalPages: 9 });
    expect(t('common:pagination.page', { page: 7, totalPages: 9 })).toBe(
      plain('common:pagination.page', { page: 7, totalPages: 9 }),
    );
  });
  it('hands out one fixed function per language, namespace and prefix, which answers a key alone from memory', async () => {
    const memo = memoizeLookups(await instance('fr'));
    const a = memo.getFixedT(null, 'common');
    expect(memo.getFixedT(null, 'common')).toBe(a);
    expect(memo.getFixedT(null, 'public')).not.toBe(a);
    expect(memo.getFixedT(null, 'public', 'overview')).not.toBe(memo.getFixedT(null, 'public'));
    // Count what reaches the instance once the fixed function is asked twice for one key.
    const inner = memo.t.bind(memo);
    let calls = 0;
    (memo as unknown as { t: typeof inner }).t = ((...args: Parameters<typeof inner>) => {
      calls++;
      return inner(...args);
    }) as typeof inner;
    const first = a('nav.schedule');
    expect(calls).toBe(1);
    expect(a('nav.schedule')).toBe(first);
    expect(calls).toBe(1);
    // With options (a variable), the fixed function remembers the answer itself: the second
    // lookup reaches neither i18next's fixed function nor the instance.
    const translator = (
      memo as unknown as { translator: { translate: (...a: unknown[]) => unknown } }
    ).translator;
    const translate = translator.translate.bind(translator);
    let translated = 0;
    translator.translate = (...args: unknown[]) => {
      translated++;
      return translate(...args);
    };
    const page = a('pagination.page', { page: 2, totalPages: 3 });
    expect(page).toBe('Page 2 sur 3');
    expect(a('pagination.page', { page: 2, totalPages: 3 })).toBe(page);
    expect(calls).toBe(2);
    // Other values, another prefix or an object among the options: answered anew.
    expect(a('pagination.page', { page: 3, totalPages: 3 })).toBe('Page 3 sur 3');
    expect(calls).toBe(3);
    expect(memo.getFixedT(null, 'common', 'pagination')('page', { page: 2, totalPages: 3 })).toBe(
      page,
    );
    expect(calls).toBe(4);
    const escaped = { page: 2, totalPages: 3, interpolation: { escapeValue: false } };
    a('pagination.page', escaped);
    a('pagination.page', escaped);
    expect(calls).toBe(6);
    expect(translated).toBe(5);
  });
});
