import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_ERROR, HONEYPOT_FIELD, honeypotFilled } from '~/lib/schemas/honeypot';
import { accountRecoverySchema, forgotPasswordSchema } from '~/lib/schemas/rider';

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
};

describe('one honeypot rule for the public forms', () => {
  it('a filled honeypot is a form error in each form; an empty or blank one is not', () => {
    const forgot = { email: 'rita@example.com' };
    const bot = parseWithZod(form({ ...forgot, [HONEYPOT_FIELD]: 'http://spam.example' }), {
      schema: forgotPasswordSchema,
    });
    expect(bot.status === 'error' ? bot.error?.[''] : null).toEqual([HONEYPOT_ERROR]);
    const human = parseWithZod(form({ ...forgot, [HONEYPOT_FIELD]: ' ' }), {
      schema: forgotPasswordSchema,
    });
    expect(human.status).toBe('success');

    const recovery = {
      name: 'Rita Moreau',
      oldEmail: 'old@example.com',
      newEmail: 'new@example.com',
      phone: '802-555-0100',
      message: 'I lost my old mailbox.',
      [HONEYPOT_FIELD]: 'x',
    };
    const refused = parseWithZod(form(recovery), { schema: accountRecoverySchema });
    expect(refused.status === 'error' ? refused.error?.[''] : null).toEqual([HONEYPOT_ERROR]);
  });

  it('honeypotFilled ignores white space', () => {
    expect(honeypotFilled({ [HONEYPOT_FIELD]: '  ' })).toBe(false);
    expect(honeypotFilled({})).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: 'bot' })).toBe(true);
  });
});
