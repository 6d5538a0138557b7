import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import en from '#locales/en/public.json';
import fr from '#locales/fr/public.json';
import {
  contactSchema,
  dealerPageSearchSchema,
  dealersLeanSchema,
  defaultRadius,
  eventSearchSchema,
  radiusChoices,
  radiusToMiles,
  seriesSearchSchema,
} from '~/lib/schemas/public';

const valid = {
  name: 'Jo Rider',
  email: 'Jo@Example.com',
  subject: 'My results',
  message: 'Hello',
};

function form(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe('contact form schema', () => {
  it('accepts a complete message without a phone and lower-cases the e-mail', () => {
    const r = contactSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('jo@example.com');
  });

  it('accepts exactly 500 characters and rejects 501 on the message field', () => {
    expect(contactSchema.safeParse({ ...valid, message: 'x'.repeat(500) }).success).toBe(true);
    const r = contactSchema.safeParse({ ...valid, message: 'x'.repeat(501) });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['message'], message: 'validation:messageMax' }),
    ]);
  });

  it('requires name, e-mail, subject and message; checks lengths and the phone', () => {
    const submission = parseWithZod(form({ phone: 'abc' }), { schema: contactSchema });
    expect(submission.status).toBe('error');
    const errors = submission.status === 'error' ? submission.error : {};
    expect(errors).toMatchObject({
      name: ['validation:required'],
      email: ['validation:required'],
      subject: ['validation:required'],
      message: ['validation:required'],
      phone: ['validation:phone'],
    });
    const long = contactSchema.safeParse({
      ...valid,
      name: 'n'.repeat(101),
      subject: 's'.repeat(151),
    });
    expect(long.error?.issues.map((i) => i.message).sort()).toEqual([
      'public:contact.errors.nameMax',
      'public:contact.errors.subjectMax',
    ]);
  });

  it('rejects a filled honeypot as a form error, keeps an empty one', () => {
    const bot = parseWithZod(form({ ...valid, website_url_hp: 'http://spam.example' }), {
      schema: contactSchema,
    });
    expect(bot.status).toBe('error');
    expect(bot.status === 'error' ? bot.error?.[''] : null).toEqual(['public:contact.errors.spam']);
    const human = parseWithZod(form({ ...valid, website_url_hp: '' }), { schema: contactSchema });
    expect(human.status).toBe('success');
  });

  it('has every error key in both languages', () => {
    for (const dict of [en, fr]) {
      expect(Object.keys(dict.contact.errors).sort()).toEqual([
        'captcha',
        'nameMax',
        'spam',
        'subjectMax',
        'tooMany',
      ]);
    }
  });
});

describe('dealer radius: miles in English, kilometres in French', () => {
  it('offers the spec radii in each language', () => {
    expect(radiusChoices('en')).toEqual([0, 25, 50, 100, 500]);
    expect(radiusChoices('fr')).toEqual([0, 40, 80, 160, 800]);
    expect(defaultRadius('en')).toBe(100);
    expect(defaultRadius('fr')).toBe(160);
  });

  it('converts French kilometres to the API miles; English stays as is', () => {
    expect(radiusToMiles(100, 'en')).toBe(100);
    expect(radiusToMiles(160, 'fr')).toBeCloseTo(99.42, 2);
    expect(radiusToMiles(800, 'fr')).toBeCloseTo(497.1, 1);
    expect(radiusToMiles(0, 'fr')).toBe(0);
  });

  it('accepts only the language’s own choices (a mile value in French falls back to the default)', () => {
    expect(dealerPageSearchSchema('fr').parse({ radius: '80' }).radius).toBe(80);
    expect(dealerPageSearchSchema('fr').parse({ radius: '100' }).radius).toBe(160);
    expect(dealerPageSearchSchema('en').parse({ radius: '500' }).radius).toBe(500);
    expect(dealerPageSearchSchema('en').parse({}).radius).toBe(100);
    expect(
      dealerPageSearchSchema('en').parse({ radius: '0', zipcode: ' 90210 ', state: 'ca' }),
    ).toMatchObject({
      radius: 0,
      zipcode: '90210',
      state: 'CA',
    });
  });

  it('parses the lean API query: zipDistance in miles, active by default', () => {
    expect(dealersLeanSchema.parse({}).active).toBe(true);
    expect(dealersLeanSchema.parse({}).zipDistance).toBeUndefined();
    expect(dealersLeanSchema.parse({ zipDistance: '50', active: 'false' })).toMatchObject({
      zipDistance: 50,
      active: false,
    });
    expect(dealersLeanSchema.parse({ zipDistance: 'far' }).zipDistance).toBeUndefined();
  });
});

describe('schedule filters', () => {
  it('defaults and cleans a query', () => {
    expect(eventSearchSchema.parse({})).toEqual({
      page: 1,
      title: undefined,
      city: undefined,
      state: undefined,
      zipcode: undefined,
      country: undefined,
      canceled: false,
      when: 'upcoming',
    });
    expect(
      eventSearchSchema.parse({
        page: '3',
        title: '  Mile ',
        state: 'ca',
        country: 'us',
        canceled: 'true',
        when: 'past',
      }),
    ).toMatchObject({
      page: 3,
      title: 'Mile',
      state: 'CA',
      country: 'US',
      canceled: true,
      when: 'past',
    });
  });

  it('ignores bad values instead of failing', () => {
    expect(
      eventSearchSchema.parse({
        page: '-2',
        when: 'soon',
        state: 'California!',
        canceled: 'maybe',
      }),
    ).toMatchObject({
      page: 1,
      when: 'upcoming',
      state: undefined,
      canceled: false,
    });
    expect(seriesSearchSchema.parse({ page: 'x', name: '' })).toMatchObject({
      page: 1,
      name: undefined,
    });
  });
});
