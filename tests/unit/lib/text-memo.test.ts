import { describe, expect, it } from 'vitest';
import { textMemo } from '~/lib/text-memo';

describe('textMemo (a bounded memo of texts)', () => {
  it('builds a key once, keeps at most its size, then starts afresh', () => {
    const memo = textMemo(2);
    let built = 0;
    const text = (key: string) =>
      memo(key, () => {
        built += 1;
        return `text of ${key}`;
      });
    expect(text('a')).toBe('text of a');
    expect(text('a')).toBe('text of a');
    expect(built).toBe(1);
    text('b');
    expect(built).toBe(2);
    // Full: a third key drops both, so 'a' is built again.
    text('c');
    text('a');
    expect(built).toBe(4);
    text('c');
    expect(built).toBe(4);
  });
});
