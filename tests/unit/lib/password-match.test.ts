/** Forms report every problem at once: the password mismatch shows with the other field errors. */
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { dealerPasswordSchema } from '~/lib/schemas/dealer';
import { changePasswordSchema, registerSchema, resetPasswordSchema } from '~/lib/schemas/rider';

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

describe('password mismatch is not hidden by other errors', () => {
  it('register: an otherwise empty form reports required fields and the mismatch together', () => {
    const r = parseWithZod(form({ password: 'abcdefgh', confirmPassword: 'abcdefgX' }), {
      schema: registerSchema,
    });
    expect(r.status).toBe('error');
    const errors = r.reply().error ?? {};
    expect(errors.firstName).toEqual(['validation:required']);
    expect(errors.email).toEqual(['validation:required']);
    expect(errors.confirmPassword).toEqual(['validation:passwordMatch']);
  });

  it('reset, change and dealer password forms too', () => {
    const reset =
      parseWithZod(form({ password: 'abcdefgh', confirmPassword: 'zzzzzzzz' }), {
        schema: resetPasswordSchema,
      }).reply().error ?? {};
    expect(reset.code).toEqual(['validation:required']);
    expect(reset.confirmPassword).toEqual(['validation:passwordMatch']);
    const change =
      parseWithZod(form({ password: 'abcdefgh', confirmPassword: 'zzzzzzzz' }), {
        schema: changePasswordSchema,
      }).reply().error ?? {};
    expect(change.currentPassword).toEqual(['validation:required']);
    expect(change.confirmPassword).toEqual(['validation:passwordMatch']);
    const dealer =
      parseWithZod(
        form({ intent: 'password', password: 'abcdefgh', confirmPassword: 'zzzzzzzz' }),
        { schema: dealerPasswordSchema },
      ).reply().error ?? {};
    expect(dealer.confirmPassword).toEqual(['validation:passwordMatch']);
  });

  it('matching passwords with a valid form still parse', () => {
    const ok = parseWithZod(
      form({ currentPassword: 'old-pass1', password: 'abcdefgh', confirmPassword: 'abcdefgh' }),
      { schema: changePasswordSchema },
    );
    expect(ok.status).toBe('success');
  });
});
