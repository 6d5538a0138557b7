import { describe, expect, it } from 'vitest';
import { centsToDecimal, csvCell, neutralizeFormula, toCsv } from '~/lib/csv';

describe('CSV cells escaped against formula injection', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1+2', "'+1+2"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['-cmd|calc', "'-cmd|calc"],
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
    expect(csvCell(input)).toBe(expected);
  });

  it('prefixes a cell starting with a carriage return, and quotes it', () => {
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves ordinary text and plain decimal numbers alone', () => {
    expect(csvCell('Dealer of Austin')).toBe('Dealer of Austin');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) after neutralizing', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('writes empty cells for null, undefined and non-finite numbers', () => {
    expect(toCsv([[null, undefined, Number.NaN, Infinity, 'x']])).toBe(',,,,x\r\n');
  });

  it('joins rows with CRLF', () => {
    expect(
      toCsv([
        ['h1', 'h2'],
        ['=a', 1],
      ]),
    ).toBe("h1,h2\r\n'=a,1\r\n");
    expect(toCsv([])).toBe('');
  });

  it('writes cents as exact decimals', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-1005)).toBe('-10.05');
    expect(() => centsToDecimal(1.5)).toThrow();
  });
});
