/**
 * The public sees why a result pays nothing without personal data: a reason about the
 * rider's own person or account (under 18 without consent, no date of birth, a deactivated
 * account) reaches the public event page and the public event API only as the neutral
 * `riderNotEligible`, worded without age, minority or account status, in English and French; the
 * rider's own words keep the full reason.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventClasses, events, results } from '#db/schema';
import { resources } from '#locales/index';
import { NoPayoutReason } from '~/components/no-payout-reason';
import type { DB } from '~/db.server';
import { i18nFor } from '~/i18next.server';
import { PERSONAL_REASONS, publicReason } from '~/lib/no-payout-reasons';
import { getPublicEvent } from '~/services/events/catalog/public-event-detail.server';
import { NO_PAYOUT_REASONS } from '~/services/money/awards/award-decisions.server';
import { testDb } from '../../helpers/db';

/** Words that would tell the public something about the rider's age or account. */
const PERSONAL_WORDS = {
  en: /\b(minor|age|aged|under 18|birth|consent|guardian|parent|inactive|deactivated|not active)\b/i,
  fr: /(mineur|âge|moins de 18|naissance|consentement|parental|tuteur|inactif|désactivé|pas actif)/i,
};

let db: DB;
let eventId: number;
beforeAll(() => {
  db = testDb();
  eventId = db
    .insert(events)
    .values({ title: 'Reason Cup', date: '2026-05-01' })
    .returning({ id: events.id })
    .get().id;
  const classId = db
    .insert(eventClasses)
    .values({ eventId, name: 'Open', payoutType: 'dealerCredit' })
    .returning({ id: eventClasses.id })
    .get().id;
  const reasons = ['underage', 'ageUnknown', 'riderInactive', 'bikeNotVerified', 'tooFewRiders'];
  reasons.forEach((noPayoutReason, i) =>
    db
      .insert(results)
      .values({ eventId, classId, place: i + 1, riderName: `Rider ${i + 1}`, noPayoutReason })
      .run(),
  );
});

describe('public no-payout reasons hold no personal data', () => {
  it('the public event (page and API) turns age, consent and account reasons into riderNotEligible', () => {
    const shown = getPublicEvent(db, eventId)!.event.classes[0].results.map(
      (r) => r.noPayoutReason,
    );
    expect(shown).toEqual([
      'riderNotEligible',
      'riderNotEligible',
      'riderNotEligible',
      'bikeNotVerified',
      'tooFewRiders',
    ]);
    const json = JSON.stringify(getPublicEvent(db, eventId));
    for (const personal of PERSONAL_REASONS) expect(json).not.toContain(`"${personal}"`);
  });

  it('keeps every other reason as it is', () => {
    for (const reason of NO_PAYOUT_REASONS.filter((r) => !PERSONAL_REASONS.includes(r)))
      expect(publicReason(reason)).toBe(reason);
    expect(publicReason(null)).toBeNull();
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`words the public reason of a minor, a missing birth date and an inactive account neutrally (${lang})`, async () => {
      const i18n = await i18nFor(lang);
      for (const reason of PERSONAL_REASONS) {
        const html = renderToString(
          <I18nextProvider i18n={i18n}>
            <NoPayoutReason reason={reason} resultId={1} audience="public" />
          </I18nextProvider>,
        );
        const expected = (resources[lang].reasons as { public: Record<string, string> }).public
          .riderNotEligible;
        expect(expected).toBeTruthy();
        // The sentence is the neutral one, and neither the words nor the markup name the reason.
        expect(html).toContain(expected.replace(/'/g, '&#x27;'));
        expect(html).toContain('data-reason="riderNotEligible"');
        expect(html).not.toContain(reason);
        expect(html).not.toMatch(PERSONAL_WORDS[lang]);
      }
    });

    it(`no public reason in ${lang} speaks of age, minority or account status`, () => {
      const r = resources[lang].reasons as {
        public: Record<string, string>;
        rider: Record<string, string>;
      };
      for (const personal of PERSONAL_REASONS) expect(r.public[personal]).toBeUndefined();
      for (const [key, words] of Object.entries(r.public))
        expect(words, `${lang} public ${key}`).not.toMatch(PERSONAL_WORDS[lang]);
      // The rider's own words keep the full reason.
      expect(r.rider.underage).toMatch(PERSONAL_WORDS[lang]);
      expect(r.rider.ageUnknown).toMatch(PERSONAL_WORDS[lang]);
      expect(r.rider.riderInactive).toMatch(PERSONAL_WORDS[lang]);
    });
  }
});
