import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import en from '#locales/en/validation.json';
import fr from '#locales/fr/validation.json';
import {
  VALIDATION_KEYS,
  contactMessageSchema,
  dateStringSchema,
  emailSchema,
  loginPasswordSchema,
  moneySchema,
  passwordSchema,
  passwordWithConfirm,
  passwordsMatch,
  phoneSchema,
  pinSchema,
  positiveMoneySchema,
  requiredString,
  vinSchema,
  vinSyntaxSchema,
} from '~/lib/schemas/common';

/** The messages a schema reports for a value ([] when valid). */
function errors(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** The parsed value, failing the test when invalid. */
function parsed(schema: z.ZodTypeAny, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join(', '));
  return result.data;
}

describe('requiredString', () => {
  it('reports Required for undefined, blank and wrong types', () => {
    expect(errors(requiredString, undefined)).toEqual(['validation:required']);
    expect(errors(requiredString, '   ')).toEqual(['validation:required']);
    expect(errors(requiredString, 5)).toEqual(['validation:required']);
    expect(parsed(requiredString, '  Ann ')).toBe('Ann');
  });
});

describe('emailSchema', () => {
  it('accepts and normalizes an address', () => {
    expect(parsed(emailSchema, '  Rider@Example.COM ')).toBe('rider@example.com');
  });

  it('rejects bad or missing addresses', () => {
    expect(errors(emailSchema, undefined)).toEqual(['validation:required']);
    expect(errors(emailSchema, 'not-an-email')).toEqual(['validation:email']);
    expect(errors(emailSchema, 'a@b')).toEqual(['validation:email']);
  });
});

describe('passwordSchema', () => {
  it('accepts 8 or more ordinary characters, case kept, not trimmed', () => {
    expect(parsed(passwordSchema, 'Abcdefgh')).toBe('Abcdefgh');
    expect(parsed(passwordSchema, ' pass word ')).toBe(' pass word ');
  });

  it('requires at least 8 characters', () => {
    expect(errors(passwordSchema, 'Abcdefg')).toEqual(['validation:passwordMin']);
    expect(errors(passwordSchema, undefined)).toEqual(['validation:required']);
  });

  it('rejects each of !@#$%^&*()', () => {
    for (const c of '!@#$%^&*()') {
      expect(errors(passwordSchema, `abcdefgh${c}`)).toEqual(['validation:passwordChars']);
    }
  });

  it('rejects more than 72 bytes', () => {
    expect(errors(passwordSchema, 'a'.repeat(72))).toEqual([]);
    expect(errors(passwordSchema, 'a'.repeat(73))).toEqual(['validation:passwordMax']);
    expect(errors(passwordSchema, 'é'.repeat(37))).toEqual(['validation:passwordMax']);
  });

  it('does not apply the new-password rules at sign-in', () => {
    expect(parsed(loginPasswordSchema, 'old!')).toBe('old!');
    expect(errors(loginPasswordSchema, undefined)).toEqual(['validation:required']);
  });
});

describe('password confirmation', () => {
  const schema = passwordWithConfirm({ email: emailSchema });

  it('accepts matching passwords', () => {
    expect(
      parsed(schema, { email: 'a@b.co', password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }),
    ).toEqual({
      email: 'a@b.co',
      password: 'Abcdefgh',
      confirmPassword: 'Abcdefgh',
    });
  });

  it('reports a mismatch on confirmPassword', () => {
    const result = schema.safeParse({
      email: 'a@b.co',
      password: 'Abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues).toHaveLength(1);
    expect(result.error.issues[0].path).toEqual(['confirmPassword']);
    expect(result.error.issues[0].message).toBe('validation:passwordMatch');
  });

  it('works as a plain superRefine too', () => {
    const reset = z
      .object({ password: passwordSchema, confirmPassword: z.string() })
      .superRefine(passwordsMatch);
    expect(errors(reset, { password: 'Abcdefgh', confirmPassword: 'x' })).toEqual([
      'validation:passwordMatch',
    ]);
    expect(errors(reset, { password: 'Abcdefgh', confirmPassword: 'Abcdefgh' })).toEqual([]);
  });
});

describe('pinSchema', () => {
  it('accepts exactly 4 digits', () => {
    expect(parsed(pinSchema, '0123')).toBe('0123');
    expect(parsed(pinSchema, ' 9876 ')).toBe('9876');
  });

  it('rejects anything else', () => {
    expect(errors(pinSchema, '123')).toEqual(['validation:pin']);
    expect(errors(pinSchema, '12345')).toEqual(['validation:pin']);
    expect(errors(pinSchema, '12a4')).toEqual(['validation:pin']);
    expect(errors(pinSchema, undefined)).toEqual(['validation:required']);
  });
});

describe('vinSchema and vinSyntaxSchema', () => {
  it('normalize a valid VIN', () => {
    expect(parsed(vinSchema, ' vbksxf452rm000101 ')).toBe('VBKSXF452RM000101');
    expect(parsed(vinSyntaxSchema, ' vbksxf452rm000101 ')).toBe('VBKSXF452RM000101');
  });

  it('reject a wrong check digit only with vinSchema', () => {
    expect(errors(vinSchema, 'VBKSXF451RM000101')).toEqual(['validation:vin']);
    expect(parsed(vinSyntaxSchema, 'VBKSXF451RM000101')).toBe('VBKSXF451RM000101');
  });

  it('reject bad length and characters', () => {
    for (const schema of [vinSchema, vinSyntaxSchema]) {
      expect(errors(schema, 'VBKSXF452RM00010')).toEqual(['validation:vin']);
      expect(errors(schema, 'VBKSXF45IPM000101')).toEqual(['validation:vin']);
      expect(errors(schema, undefined)).toEqual(['validation:required']);
    }
  });
});

describe('contactMessageSchema', () => {
  it('allows up to 500 characters', () => {
    expect(errors(contactMessageSchema, 'x'.repeat(500))).toEqual([]);
    expect(errors(contactMessageSchema, 'x'.repeat(501))).toEqual(['validation:messageMax']);
    expect(errors(contactMessageSchema, undefined)).toEqual(['validation:required']);
  });
});

describe('dateStringSchema', () => {
  it('accepts real calendar dates', () => {
    expect(parsed(dateStringSchema, '2024-02-29')).toBe('2024-02-29');
  });

  it('rejects the rest', () => {
    expect(errors(dateStringSchema, '2025-02-29')).toEqual(['validation:date']);
    expect(errors(dateStringSchema, '2025-13-01')).toEqual(['validation:date']);
    expect(errors(dateStringSchema, '03/05/2025')).toEqual(['validation:date']);
    expect(errors(dateStringSchema, undefined)).toEqual(['validation:required']);
  });
});

describe('moneySchema', () => {
  it('turns text into cents', () => {
    expect(parsed(moneySchema, '12.50')).toBe(1250);
    expect(parsed(moneySchema, '0')).toBe(0);
    expect(parsed(moneySchema, '4.35')).toBe(435);
  });

  it('rejects invalid amounts', () => {
    expect(errors(moneySchema, '$12')).toEqual(['validation:money']);
    expect(errors(moneySchema, '-1')).toEqual(['validation:money']);
    expect(errors(moneySchema, '1.234')).toEqual(['validation:money']);
    expect(errors(moneySchema, undefined)).toEqual(['validation:required']);
  });

  it('positiveMoneySchema needs more than 0', () => {
    expect(parsed(positiveMoneySchema, '0.01')).toBe(1);
    expect(errors(positiveMoneySchema, '0')).toEqual(['validation:moneyPositive']);
    expect(errors(positiveMoneySchema, 'x')).toEqual(['validation:money']);
  });
});

describe('phoneSchema', () => {
  it('is optional', () => {
    expect(parsed(phoneSchema, undefined)).toBeUndefined();
  });

  it('accepts common phone spellings', () => {
    expect(parsed(phoneSchema, '+1 (555) 123-4567')).toBe('+1 (555) 123-4567');
    expect(parsed(phoneSchema, '555.1234')).toBe('555.1234');
  });

  it('rejects letters, too short, too long and too few digits', () => {
    expect(errors(phoneSchema, '555-CALL-NOW')).toEqual(['validation:phone']);
    expect(errors(phoneSchema, '12345')).toEqual(['validation:phone']);
    expect(errors(phoneSchema, '1'.repeat(21))).toEqual(['validation:phone']);
    expect(errors(phoneSchema, '(((--)))')).toEqual(['validation:phone']);
  });
});

describe('validation messages', () => {
  const keys = Object.values(VALIDATION_KEYS).map((k) => k.replace(/^validation:/, ''));

  it('exist in English and French for every key', () => {
    for (const key of keys) {
      expect(en).toHaveProperty(key);
      expect(fr).toHaveProperty(key);
    }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the spec wording in English', () => {
    expect(en.required).toBe('Required');
    expect(en.passwordMin).toBe('Password must be at least 8 characters long.');
    expect(en.passwordMatch).toBe('Both password inputs must be the same');
    expect(en.pin).toBe('PIN must be 4 numbers');
    expect(en.vin).toBe('Invalid VIN');
    expect(en.date).toBe('Invalid Date');
  });
});
