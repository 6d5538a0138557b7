/** The forms of strong sign-in: the sign-in's code step, setting up and turning off TOTP, passkeys. */
import { z } from 'zod';

const required = {
  required_error: 'validation:required',
  invalid_type_error: 'validation:required',
};

/** A 6-digit code from the authenticator app (spaces allowed, as apps show "123 456"). */
const totpCode = z
  .string(required)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'twofactor:errors.codeFormat'));

/** The sign-in step: a 6-digit code, or a recovery code (xxxxx-xxxxx). */
export const secondStepSchema = z.object({
  code: z
    .string(required)
    .trim()
    .min(6, 'twofactor:errors.codeFormat')
    .max(32, 'twofactor:errors.codeFormat'),
  redirectTo: z.string().optional(),
});

export const securitySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('begin') }),
  z.object({ intent: z.literal('confirm'), code: totpCode }),
  z.object({
    intent: z.literal('disable'),
    password: z.string(required).min(1, 'validation:required'),
    code: z
      .string(required)
      .trim()
      .min(6, 'twofactor:errors.codeFormat')
      .max(32, 'twofactor:errors.codeFormat'),
  }),
  z.object({ intent: z.literal('removePasskey'), passkeyId: z.string(required).min(1).max(512) }),
  z.object({
    intent: z.literal('regenerateRecovery'),
    password: z.string(required).min(1, 'validation:required'),
    code: totpCode,
  }),
]);

export const confirmTotpSchema = securitySchema.options[1];
export const disableTotpSchema = securitySchema.options[2];
export const regenerateRecoverySchema = securitySchema.options[4];

/** The admin's page: find an account by e-mail, then reset or require its second factor. */
export const manageSecondFactorSchema = z.object({
  intent: z.enum(['reset', 'require', 'unrequire']),
  userId: z.coerce.number().int().positive(),
});
