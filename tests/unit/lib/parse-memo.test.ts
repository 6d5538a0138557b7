import { describe, expect, it } from 'vitest';
import { memoizedParse } from '~/lib/parse-memo';

describe('memoizedParse: a query string is parsed once', () => {
  it('parses each string once and hands back the same frozen value', () => {
    let calls = 0;
    const parse = memoizedParse((s) => {
      calls += 1;
      return { s };
    });
    const a = parse('?page=2');
    expect(parse('?page=2')).toBe(a);
    expect(calls).toBe(1);
    expect(Object.isFrozen(a)).toBe(true);
    expect(parse('?page=3')).toEqual({ s: '?page=3' });
    expect(calls).toBe(2);
  });

  it('keeps nothing for a refusal, and stays bounded', () => {
    let calls = 0;
    const parse = memoizedParse((s) => {
      calls += 1;
      if (s === 'bad') throw new Error('refused');
      return { s };
    }, 2);
    expect(() => parse('bad')).toThrow('refused');
    expect(() => parse('bad')).toThrow('refused');
    expect(calls).toBe(2);
    parse('a');
    parse('b');
    parse('c');
    parse('a');
    expect(calls).toBe(6);
  });
});
