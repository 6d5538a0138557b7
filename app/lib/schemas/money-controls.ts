/** The admin's money approvals page: approve or refuse a held change, set the limits. */
import { z } from 'zod';
import { moneySchema } from './common';

/** The limits an admin sets, in the order of the form (cents in the service, amounts on the page). */
export const MONEY_LIMIT_KEYS = [
  'promoterBonusPerResultCents',
  'adminBonusPerResultCents',
  'bonusPerEventCents',
  'bonusPerYearCents',
  'refundAboveCents',
] as const;
export type MoneyLimitKey = (typeof MONEY_LIMIT_KEYS)[number];

const id = z.coerce.number().int().positive();

export const approveChangeSchema = z.object({ intent: z.literal('approve'), changeId: id });
export const refuseChangeSchema = z.object({ intent: z.literal('refuse'), changeId: id });

export const moneyLimitsSchema = z.object({
  intent: z.literal('limits'),
  promoterBonusPerResultCents: moneySchema,
  adminBonusPerResultCents: moneySchema,
  bonusPerEventCents: moneySchema,
  bonusPerYearCents: moneySchema,
  refundAboveCents: moneySchema,
});

export const approvalsActionSchema = z.discriminatedUnion('intent', [
  approveChangeSchema,
  refuseChangeSchema,
  moneyLimitsSchema,
]);
