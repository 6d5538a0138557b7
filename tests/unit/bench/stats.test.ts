import { describe, expect, it } from 'vitest';
import { median } from '../../../bench/stats';

describe('bench figures: the median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([900])).toBe(900);
  });

  it('is the mean of the two middle values of an even count, not the upper one', () => {
    expect(median([100, 200])).toBe(150);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values (a missing run shows, it is not read as 0)', () => {
    expect(median([])).toBeNaN();
  });
});
