/**
 * The honeypot of the public forms (register, contact, forgotten password, account recovery): a
 * hidden input people never see or fill (<Honeypot /> in ~/components/forms). Each form's schema
 * carries it and refuses a filled one with a form error, so every action and the API check it the
 * same way.
 */
import { z } from 'zod';

/** The honeypot input's name. */
export const HONEYPOT_FIELD = 'website_url_hp';

/** The honeypot in a form schema's shape. */
export const honeypotShape = { [HONEYPOT_FIELD]: z.string().optional() };

/** The form error of a filled honeypot. */
export const HONEYPOT_ERROR = 'rider:errors.spam';

/** True when the hidden input was filled (by a bot). */
export function honeypotFilled(value: { [HONEYPOT_FIELD]?: string | undefined }): boolean {
  return (value[HONEYPOT_FIELD] ?? '').trim() !== '';
}

/** A schema refinement: a filled honeypot is a form error (`message`, a key, or the default). */
export function refuseFilledHoneypot(message: string = HONEYPOT_ERROR) {
  return (value: { [HONEYPOT_FIELD]?: string | undefined }, ctx: z.RefinementCtx): void => {
    if (honeypotFilled(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message });
  };
}
