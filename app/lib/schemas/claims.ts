/** Result claims: the rider's claim form, the reviewer's decision, the API body. */
import { z } from 'zod';

const REQUIRED = 'validation:required';

export const claimFormSchema = z.object({
  bikeId: z.coerce
    .number({ required_error: REQUIRED, invalid_type_error: REQUIRED })
    .int()
    .positive(REQUIRED),
  note: z.string().trim().max(1000, 'claims:errors.noteTooLong').optional(),
});

export const claimDecisionFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), claimId: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal('refuse'),
    claimId: z.coerce.number().int().positive(),
    reason: z
      .string({ required_error: 'claims:errors.reasonRequired' })
      .trim()
      .min(1, 'claims:errors.reasonRequired')
      .max(500, 'claims:errors.reasonTooLong'),
  }),
]);

export const claimDecisionApiSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('refuse'), reason: z.string().trim().min(1).max(500) }),
]);
