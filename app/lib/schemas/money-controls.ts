/** The admin's money approvals page: approve or refuse a held change, set the limits. */
import { z } from 'zod';
import { formatMoney } from '~/lib/format';
import type { Lang } from '~/lib/lang';
import { moneySchema } from './common';
import { stepUpSchema } from './two-factor';

/** The limits an admin sets, in the order of the form (cents in the service, amounts on the page). */
export const MONEY_LIMIT_KEYS = [
  'promoterBonusPerResultCents',
  'adminBonusPerResultCents',
  'bonusPerEventCents',
  'bonusPerYearCents',
  'refundAboveCents',
  'promoterPlaceCents',
] as const;
export type MoneyLimitKey = (typeof MONEY_LIMIT_KEYS)[number];

/**
 * A limit or ceiling for display: limits hold in either currency, so each language's bare dollar
 * ('$250,000.00', '250 000,00 $'), never a currency code.
 */
export function formatLimit(cents: number, lang: Lang): string {
  return formatMoney(cents, lang === 'fr' ? 'CAD' : 'USD', lang);
}

const id = z.coerce.number().int().positive();

const approveChangeSchema = z.object({ intent: z.literal('approve'), changeId: id });
const refuseChangeSchema = z.object({ intent: z.literal('refuse'), changeId: id });

export const moneyLimitsSchema = z.object({
  intent: z.literal('limits'),
  promoterBonusPerResultCents: moneySchema,
  adminBonusPerResultCents: moneySchema,
  bonusPerEventCents: moneySchema,
  bonusPerYearCents: moneySchema,
  refundAboveCents: moneySchema,
  promoterPlaceCents: moneySchema,
});

// Approving asks a fresh proof of the approver's session: the page's step-up form gives it.
export const approvalsActionSchema = z.discriminatedUnion('intent', [
  approveChangeSchema,
  refuseChangeSchema,
  moneyLimitsSchema,
  stepUpSchema,
]);
