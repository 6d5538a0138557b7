/**
 * The PINs refused as too easy to guess, each with the reason the rider reads: dates, keypad
 * lines and columns, arithmetic sequences of any step, on top of the common ones, years and
 * repeated digits.
 */
import { describe, expect, it } from 'vitest';
import { pinFormSchema } from '~/lib/schemas/rider';
import { isWeakPin, weakPinReason, weakPins } from '~/lib/weak-pins';
import { hashPin, isWeakPinHash } from '~/services/auth/password.server';

describe('weak PINs and their reasons', () => {
  it('the rule: a real calendar date as MMDD or DDMM is a date', () => {
    for (const pin of ['0101', '1225', '1230', '0229', '3112', '2512', '1307', '0704'])
      expect(weakPinReason(pin), pin).toBe('date');
    // Not a day of any month either way round.
    for (const pin of ['3131', '0230', '3002', '1332', '0031', '5831', '8042'])
      expect(weakPinReason(pin), pin).not.toBe('date');
  });

  it('the rule: lines and columns of the phone keypad (123/456/789/_0_) are keypad PINs', () => {
    for (const pin of [
      '2580',
      '0852',
      '1470',
      '3690',
      '7410',
      '1590',
      '8520',
      '0963',
      '3570',
      '0753',
      '0147',
      '4560',
      '0789',
    ])
      expect(weakPinReason(pin), pin).toBe('keypad');
  });

  it('the rule: digits going up or down by the same step, any step, are a sequence', () => {
    for (const pin of ['2468', '1357', '9630', '0369', '8642', '9753', '0246', '3579', '7890'])
      expect(weakPinReason(pin), pin).toBe('sequence');
    for (const pin of ['0123', '6789', '9876', '3210', '1234'])
      expect(weakPinReason(pin), pin).toBe('sequence');
  });

  it('keeps the earlier rules: common PINs, years, repeated digits', () => {
    expect(weakPinReason('6969')).toBe('common');
    expect(weakPinReason('1212')).toBe('common');
    expect(weakPinReason('1987')).toBe('year');
    expect(weakPinReason('2024')).toBe('year');
    expect(weakPinReason('0000')).toBe('repeated');
    expect(weakPinReason('7777')).toBe('repeated');
  });

  it('a PIN with none of these shapes is accepted', () => {
    for (const pin of ['5831', '8042', '7391', '6183', '4096', '9327']) {
      expect(weakPinReason(pin), pin).toBeNull();
      expect(isWeakPin(pin), pin).toBe(false);
    }
  });

  it('the PIN form names the reason next to the field', () => {
    const reasonOf = (pin: string) =>
      pinFormSchema.safeParse({ currentSecret: 'x', pin, confirmPin: pin }).error?.flatten()
        .fieldErrors.pin;
    expect(reasonOf('1225')).toEqual(['pinSafety:weak.date']);
    expect(reasonOf('2580')).toEqual(['pinSafety:weak.keypad']);
    expect(reasonOf('2468')).toEqual(['pinSafety:weak.sequence']);
    expect(reasonOf('5831')).toBeUndefined();
  });

  it('a stored date or keypad PIN is recognised from its hash, and the list stays small', () => {
    expect(isWeakPinHash(hashPin('1225'))).toBe(true);
    expect(isWeakPinHash(hashPin('8520'))).toBe(true);
    expect(isWeakPinHash(hashPin('5831'))).toBe(false);
    // Every weak PIN is compared with the stored hash: about one in eight PINs at most.
    expect(weakPins().length).toBeLessThan(1250);
  });
});
