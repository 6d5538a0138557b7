/**
 * Names refuse control characters: a line break (CR, LF), a tab or any other C0/C1 control in a
 * person's or business's name is refused next to the field, wherever the name is typed.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminAddRiderSchema } from '~/lib/schemas/admin-add-rider';
import { adminProfileSchema, dealerSchema, promoterSchema } from '~/lib/schemas/admin';
import { dealerProfileSchema, redeemSchema } from '~/lib/schemas/dealer';
import { contactSchema } from '~/lib/schemas/public';
import { accountRecoverySchema, registerSchema } from '~/lib/schemas/rider';

const BAD = [
  'Ann\r\nBcc: victim@example.com',
  'Ann\nLee',
  'Ann\tLee',
  'Ann\u0000Lee',
  'Ann\u0085Lee',
  'Ann\u2028Lee',
  'Ann\u202eeeL',
];

/** The message on `field` when `schema` parses `values` (undefined when the field is fine). */
function fieldError(schema: z.ZodTypeAny, values: Record<string, unknown>, field: string) {
  const out = schema.safeParse(values);
  if (out.success) return undefined;
  return (out.error.flatten().fieldErrors as Record<string, string[] | undefined>)[field];
}

const cases: [string, z.ZodTypeAny, Record<string, unknown>, string][] = [
  [
    'registration, first name',
    registerSchema,
    { email: 'a@b.test', password: 'x', confirmPassword: 'x' },
    'firstName',
  ],
  [
    'registration, last name',
    registerSchema,
    { email: 'a@b.test', password: 'x', confirmPassword: 'x' },
    'lastName',
  ],
  ['account recovery', accountRecoverySchema, {}, 'name'],
  ['admin adds a rider', adminAddRiderSchema, {}, 'firstName'],
  ['dealer (admin)', dealerSchema, { intent: 'save' }, 'name'],
  ['promoter (admin)', promoterSchema, { intent: 'save' }, 'name'],
  ['admin profile', adminProfileSchema, { intent: 'profile' }, 'lastName'],
  ['dealer profile', dealerProfileSchema, { intent: 'profile' }, 'name'],
  ['counter employee', redeemSchema, {}, 'employeeName'],
  ['contact form', contactSchema, {}, 'name'],
];

describe('names refuse control characters', () => {
  it.each(cases)('the rule: %s', (_label, schema, base, field) => {
    for (const bad of BAD)
      expect(fieldError(schema, { ...base, [field]: bad }, field), JSON.stringify(bad)).toEqual([
        'validation:controlChars',
      ]);
    // Letters, accents, spaces, apostrophes and hyphens are names.
    expect(fieldError(schema, { ...base, [field]: 'Zoë O’Brien-Lévesque' }, field)).toBeUndefined();
  });

  it('a line break at either end is trimmed away, not refused', () => {
    expect(
      fieldError(adminAddRiderSchema, { firstName: '\r\nAnn\n' }, 'firstName'),
    ).toBeUndefined();
  });
});
