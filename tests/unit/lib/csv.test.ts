import { describe, expect, it } from 'vitest';
import { centsToDecimal, neutralizeFormula, toCsv, type CsvCell } from '~/lib/csv';

/** One cell as the document writes it (a one-cell row without its CRLF). */
function csvCell(value: CsvCell): string {
  const line = toCsv([[value]]);
  expect(line.endsWith('\r\n')).toBe(true);
  return line.slice(0, -2);
}

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

  it('writes booleans as words and numbers as their plain text', () => {
    expect(toCsv([[true, false, 0, -0, 1.5, -12, 1e21]])).toBe('true,false,0,0,1.5,-12,1e+21\r\n');
  });

  it('quotes a lone carriage return or line feed, not only CRLF', () => {
    expect(toCsv([['a\rb', 'c\nd', 'e\r\nf', 'tab\there']])).toBe(
      '"a\rb","c\nd","e\r\nf",tab\there\r\n',
    );
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

describe('French CSV: semicolons and decimal commas (what a French spreadsheet opens)', () => {
  it('separates with ; and writes decimals with a comma; English is unchanged', () => {
    const rows: CsvCell[][] = [
      ['Concessionnaire', 'Montant'],
      ['Motos Dupont; Fils', '-12.50'],
      ['Total', 1234.5],
      ['2025-06-01', 7],
    ];
    expect(toCsv(rows, 'fr')).toBe(
      'Concessionnaire;Montant\r\n"Motos Dupont; Fils";-12,50\r\nTotal;1234,5\r\n2025-06-01;7\r\n',
    );
    expect(toCsv(rows, 'en')).toBe(toCsv(rows));
    expect(toCsv(rows)).toBe(
      'Concessionnaire,Montant\r\nMotos Dupont; Fils,-12.50\r\nTotal,1234.5\r\n2025-06-01,7\r\n',
    );
  });

  it('still neutralises formulas', () => {
    expect(toCsv([['=1+2', '+3.5', '@x']], 'fr')).toBe("'=1+2;+3,5;'@x\r\n");
  });
});
