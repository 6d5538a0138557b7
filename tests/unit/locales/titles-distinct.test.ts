/**
 * Two kinds of page never share a name: every title text in locales/<lang>/titles.json is its
 * own, in English and in French (the browser test tests/e2e/titles-distinct.test.ts walks the
 * pages themselves, with their items' names, in French).
 */
import { describe, expect, it } from 'vitest';
import en from '#locales/en/titles.json';
import fr from '#locales/fr/titles.json';

describe('page title texts', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('are each used by one key (%s)', (_, titles) => {
    const keysOf = new Map<string, string[]>();
    for (const [key, text] of Object.entries(titles))
      if (typeof text === 'string') keysOf.set(text, [...(keysOf.get(text) ?? []), key]);
    expect([...keysOf.entries()].filter(([, keys]) => keys.length > 1)).toEqual([]);
  });
});
