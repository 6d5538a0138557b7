import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `../../../locales/${lang}/${ns}.json`), 'utf8'));

describe("phrases a table looks up once and ends with each row's value", () => {
  // The redemption table looks up "Rider: " once (the phrase with an empty value) and adds each
  // row's name: right only while the value ends the phrase in every language.
  it('dealer:list.phoneDetail ends with its value in English and French', () => {
    for (const lang of ['en', 'fr']) {
      const phrase: string = read(lang, 'dealer').list.phoneDetail;
      expect(phrase.endsWith('{{value}}'), `${lang}: ${phrase}`).toBe(true);
      expect(phrase.indexOf('{{value}}')).toBe(phrase.length - '{{value}}'.length);
    }
  });
});
