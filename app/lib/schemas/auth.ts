/** Forms of the sign-in and verification flows (shared by component and action). */
import { z } from 'zod';
import { emailSchema } from '~/lib/schemas/common';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ required_error: 'validation:required' }).min(1, 'validation:required'),
  redirectTo: z.string().optional(),
});

export const emailVerifySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send') }),
  z.object({
    intent: z.literal('verify'),
    code: z
      .string({ required_error: 'validation:required' })
      .trim()
      .regex(/^\d{6}$/, 'validation:code'),
  }),
]);

/** The code a new rider got by mail after registering, with the address it was sent to. */
export const registerConfirmSchema = z.object({
  email: emailSchema,
  code: z
    .string({ required_error: 'validation:required' })
    .trim()
    .regex(/^\d{6}$/, 'validation:code'),
});
