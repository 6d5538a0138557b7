/**
 * Every result that does not pay says why: each reason the award engine records has
 * plain words for the public (personal ones as `riderNotEligible`) and for the rider, in English and French; the remedies have labels.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../../locales';
import { publicReason } from '~/lib/no-payout-reasons';
import { NO_PAYOUT_REASONS } from '~/services/money/awards/award-decisions.server';

describe('no-payout reasons', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`names every rule in ${lang}, for the public and for the rider`, () => {
      const r = resources[lang].reasons as {
        public: Record<string, string>;
        rider: Record<string, string>;
        actions: Record<string, string>;
      };
      for (const reason of NO_PAYOUT_REASONS) {
        expect(r.public[publicReason(reason)!], `${lang} public ${reason}`).toBeTruthy();
        expect(r.rider[reason], `${lang} rider ${reason}`).toBeTruthy();
      }
      for (const a of ['unlinked', 'noEligibleBike', 'underage', 'ageUnknown'])
        expect(r.actions[a]).toBeTruthy();
    });
  }
});
