import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { parseRedemptionFilters, redeemApiSchema, redeemSchema } from '~/lib/schemas/dealer';

const base = { riderId: 7, pin: '1234', employeeName: 'Sam', idVerified: true };

describe('redeemApiSchema: amounts in currency units, at most 2 decimals, into integer cents', () => {
  it.each([
    ['12.50', 1250],
    [12.5, 1250],
    ['12', 1200],
    [12, 1200],
    ['0.01', 1],
    ['12,5', 1250],
  ])('%s → %i cents', (amount, cents) => {
    const r = redeemApiSchema.safeParse({ ...base, amount });
    expect(r.success && r.data.amount).toBe(cents);
  });

  it.each([
    ['12.345'],
    [0.1 + 0.2],
    ['$12'],
    ['1,234.00'],
    ['-5'],
    [-5],
    ['0'],
    [0],
    [''],
    [Number.NaN],
    [1e21],
  ])('refuses %s', (amount) => {
    expect(redeemApiSchema.safeParse({ ...base, amount }).success).toBe(false);
  });

  it('requires the ID tick, an employee name and a 4-digit PIN as text', () => {
    expect(redeemApiSchema.safeParse({ ...base, amount: '1', idVerified: false }).success).toBe(
      false,
    );
    expect(redeemApiSchema.safeParse({ ...base, amount: '1', employeeName: ' ' }).success).toBe(
      false,
    );
    expect(redeemApiSchema.safeParse({ ...base, amount: '1', pin: 1234 }).success).toBe(false);
    expect(redeemApiSchema.safeParse({ ...base, amount: '1', pin: '123' }).success).toBe(false);
  });
});

describe('redeemSchema (the counter form)', () => {
  it('turns a ticked box into true and keys every error', () => {
    const fd = new FormData();
    fd.set('amount', '12,50');
    fd.set('pin', '1234');
    fd.set('employeeName', ' Sam ');
    fd.set('idVerified', 'on');
    const ok = parseWithZod(fd, { schema: redeemSchema });
    expect(ok.status === 'success' && ok.value).toEqual({
      amount: 1250,
      pin: '1234',
      employeeName: 'Sam',
      idVerified: true,
    });
    const bad = parseWithZod(new FormData(), { schema: redeemSchema });
    expect(bad.reply().error).toEqual({
      amount: ['validation:required'],
      pin: ['validation:required'],
      employeeName: ['dealer:errors.employeeRequired'],
      idVerified: ['dealer:errors.idNotVerified'],
    });
  });
});

describe('parseRedemptionFilters', () => {
  it('keeps valid filters and reports an invalid date', () => {
    const { filters, errors } = parseRedemptionFilters(
      new URLSearchParams(
        'afterDate=2025-02-30&beforeDate=2025-03-01&country=ca&riderName=%20Ada%20&page=2',
      ),
    );
    expect(filters).toEqual({
      afterDate: undefined,
      beforeDate: '2025-03-01',
      country: 'CA',
      riderName: 'Ada',
      page: 2,
    });
    expect(errors).toEqual({ afterDate: 'validation:date' });
  });
});
