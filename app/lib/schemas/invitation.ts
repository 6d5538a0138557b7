import { z } from 'zod';
import { emailSchema, nameSchema, passwordWithConfirm } from './common';

/** The invitation page's form: the link's address and token, and the new password twice. */
export const acceptInvitationSchema = passwordWithConfirm({
  email: emailSchema,
  token: z.string().trim().min(1).max(200),
});

const mailLang = z.enum(['en', 'fr'], { errorMap: () => ({ message: 'validation:required' }) });

/** An admin invites someone to a dealer's or promoter's login (the mail in `lang`). */
export const inviteLoginSchema = z.object({
  intent: z.literal('invite'),
  email: emailSchema,
  lang: mailLang,
});

/**
 * An admin invites someone to be an admin (held for a second admin). A session whose proof is not
 * fresh proves it on the same form: the admin's password, and a code when TOTP is on.
 */
export const inviteAdminSchema = z.object({
  intent: z.literal('inviteAdmin'),
  email: emailSchema,
  firstName: nameSchema(100),
  lastName: nameSchema(100),
  lang: mailLang,
  password: z.string().max(200).optional(),
  code: z.string().trim().max(32, 'twofactor:errors.codeFormat').optional(),
});

/** Resend or cancel one invitation. */
export const invitationChangeSchema = z.object({
  intent: z.enum(['resend', 'cancel']),
  invitationId: z.coerce.number().int().positive(),
});

export const invitationsActionSchema = z.discriminatedUnion('intent', [
  inviteAdminSchema,
  invitationChangeSchema.extend({ intent: z.literal('resend') }),
  invitationChangeSchema.extend({ intent: z.literal('cancel') }),
]);
