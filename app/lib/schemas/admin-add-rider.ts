/** The admin's "Add a rider" form: the fields the spec requires of a rider account. */
import { z } from 'zod';
import { countryByCode } from '../countries';
import { emailSchema, nameSchema, phoneSchema, requiredString } from './common';
import { dateOfBirthSchema, LIMITS, RIDER_KEYS } from './rider';

const REQUIRED = 'validation:required';
const name = nameSchema(LIMITS.name, RIDER_KEYS.tooLong);

export const adminAddRiderSchema = z.object({
  firstName: name,
  lastName: name,
  email: emailSchema,
  level: z.enum(['amateur', 'pro'], { errorMap: () => ({ message: REQUIRED }) }),
  country: requiredString
    .pipe(z.string().toUpperCase())
    .refine((c) => !!countryByCode(c), RIDER_KEYS.country),
  phone1: requiredString.pipe(phoneSchema.unwrap()),
  dateOfBirth: dateOfBirthSchema,
  lang: z.enum(['en', 'fr'], { errorMap: () => ({ message: REQUIRED }) }),
});
