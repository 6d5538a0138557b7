import { z } from 'zod';

/** The two steps of a passkey ceremony posted as JSON: ask for options, then verify the answer. */
export const passkeyBodySchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('options') }),
  z.object({
    step: z.literal('verify'),
    response: z.object({ id: z.string().min(1).max(1024) }).passthrough(),
    redirectTo: z.string().max(2000).optional(),
    lang: z.enum(['en', 'fr']).optional(),
  }),
]);
