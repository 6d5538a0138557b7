/** Forms and search params of the deadline reminders (admin list, rider preference). */
import { z } from 'zod';
import { listParams } from '~/lib/list-query';

export const REMINDER_KIND_VALUES = [
  'paymentInfo',
  'w9Missing',
  'creditExpiring',
  'resultsLate',
] as const;

/** Admin list of reminders sent: kind, recipient, page (newest first, no other order). */
export const sentReminderFilterSchema = z.object({
  kind: z.enum(REMINDER_KIND_VALUES).optional(),
  email: z.string().trim().max(100).optional(),
  ...listParams(['sentAt'], 'sentAt', 'desc'),
});

/** The rider's choice: early reminders on (checkbox ticked) or off. */
export const reminderPreferenceSchema = z.object({
  reminderMails: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
});
