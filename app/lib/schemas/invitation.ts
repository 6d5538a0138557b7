import { z } from 'zod';
import { emailSchema, passwordWithConfirm } from './common';

/** The invitation page's form: the link's address and token, and the new password twice. */
export const acceptInvitationSchema = passwordWithConfirm({
  email: emailSchema,
  token: z.string().trim().min(1).max(200),
});
