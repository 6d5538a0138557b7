/** The forms of strong sign-in: the sign-in's code step, setting up and turning off TOTP, passkeys. */
import { z } from 'zod';
import { emailSchema } from '~/lib/schemas/common';

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
  // A fresh proof before a change: the password, and a code when the account has TOTP on.
  z.object({
    intent: z.literal('stepUp'),
    password: z.string(required).min(1, 'validation:required'),
    code: z.string().trim().max(32, 'twofactor:errors.codeFormat').optional(),
  }),
  // A new sign-in address: the proof of a step-up, then a code mailed to the new address.
  z.object({
    intent: z.literal('emailChange'),
    newEmail: emailSchema,
    password: z.string(required).min(1, 'validation:required'),
    code: z.string().trim().max(32, 'twofactor:errors.codeFormat').optional(),
  }),
  z.object({
    intent: z.literal('emailConfirm'),
    code: z
      .string(required)
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, 'twofactor:email.codeFormat')),
  }),
  z.object({ intent: z.literal('emailCancel') }),
]);

export const confirmTotpSchema = securitySchema.options[1];
export const disableTotpSchema = securitySchema.options[2];
export const regenerateRecoverySchema = securitySchema.options[4];
export const stepUpSchema = securitySchema.options[5];
export const emailChangeSchema = securitySchema.options[6];
export const emailConfirmSchema = securitySchema.options[7];

/**
 * A password change's own choice: also remove the account's passkeys. A checkbox (sent as "on"
 * when ticked, absent otherwise) or a JSON boolean; unticked by default.
 */
export const removePasskeysSchema = z.object({
  removePasskeys: z
    .union([z.boolean(), z.literal('on'), z.literal('true')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
});

/** The admin's page: find an account by e-mail, then reset or require its second factor. */
export const manageSecondFactorSchema = z.object({
  intent: z.enum(['reset', 'require', 'unrequire']),
  userId: z.coerce.number().int().positive(),
});

/** The box of a change-password form, read with the schema above. */
export function wantsPasskeysRemoved(formData: FormData): boolean {
  const parsed = removePasskeysSchema.safeParse({
    removePasskeys: formData.get('removePasskeys') ?? undefined,
  });
  return parsed.success && parsed.data.removePasskeys;
}

/** Why a password change was refused before the password was even checked. */
export const OWN_PASSWORD_REFUSALS = {
  stepUp: 'twofactor:stepUp.passwordNeedsStepUp',
  proxy: 'twofactor:proxying',
} as const;
