/**
 * Uploads stop at the row limit while reading: the CSV parser is stopped on the first
 * row past the limit, so what follows it is never read. Each "stops" test puts a broken line after
 * that row (one the parser would refuse if it read it): the answer is "too many rows", not
 * "unreadable file".
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from '~/services/events/files/csv-reader.server';
import { ImportReadError } from '~/services/events/files/import-problems.server';
import { MAX_IMPORT_ROWS } from '~/services/events/files/sheet-cells.server';
import { IMPORT_MAX_ROWS, parseVinPatternFile } from '~/services/vin/vin-import.server';

const lines = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i));
const bytes = (text: string) => new TextEncoder().encode(text);

function readError(text: string): ImportReadError {
  try {
    readCsv(text);
  } catch (error) {
    if (error instanceof ImportReadError) return error;
    throw error;
  }
  throw new Error('readCsv accepted the file');
}

describe('results and class uploads (events csv-reader): MAX_IMPORT_ROWS', () => {
  const header = 'Place,Rider,AMA';
  const row = (i: number) => `${i + 1},Rider ${i},${100000 + i}`;

  it('a file of exactly the limit (header + MAX_IMPORT_ROWS rows) is read whole', () => {
    const rows = readCsv([header, ...lines(MAX_IMPORT_ROWS, row)].join('\n'));
    expect(rows).toHaveLength(MAX_IMPORT_ROWS + 1);
  });

  it('one row more is tooManyRows, and reading stops there: a broken line after it is never parsed', () => {
    const text = [
      header,
      ...lines(MAX_IMPORT_ROWS + 1, row),
      '"a quote never closed',
      ...lines(1000, row),
    ].join('\n');
    const error = readError(text);
    expect(error.problem).toMatchObject({
      code: 'tooManyRows',
      value: String(MAX_IMPORT_ROWS),
      row: MAX_IMPORT_ROWS + 2,
    });
    // The same broken line inside the limit is read, and refused.
    expect(readError([header, row(0), '"a quote never closed'].join('\n')).problem.code).toBe(
      'unreadableFile',
    );
  });

  it('blank rows do not count towards the limit', () => {
    const text = [header, ...lines(MAX_IMPORT_ROWS, row), ...lines(50, () => ',,'), ''].join('\n');
    expect(readCsv(text)).toHaveLength(MAX_IMPORT_ROWS + 1);
  });
});

describe('VIN pattern import (vin-import-file): IMPORT_MAX_ROWS', () => {
  const header = 'Model,Year,Pattern';
  const row = (i: number) => `Model ${i},2024,VBK${String(i).padStart(6, '0')}********`;
  const parse = (text: string) => parseVinPatternFile({ name: 'patterns.csv', bytes: bytes(text) });
  const tooMany = {
    ok: false,
    errors: [
      {
        row: null,
        column: null,
        message: 'vin:import.errors.tooManyRows',
        values: { max: String(IMPORT_MAX_ROWS) },
      },
    ],
  };

  it('one row over the limit is tooManyRows, and reading stops there: a broken line after it is never parsed', async () => {
    const text = [
      header,
      ...lines(IMPORT_MAX_ROWS + 1, row),
      'Model x,2024,VB"K',
      ...lines(1000, row),
    ].join('\n');
    expect(await parse(text)).toEqual(tooMany);
    // The same broken line inside the limit is read, and refused as a CSV error.
    const inside = await parse([header, row(0), 'Model x,2024,VB"K'].join('\n'));
    expect(inside.ok === false && inside.errors[0].message).toBe('vin:import.errors.csv');
  });

  it('blank rows (empty cells only) do not count towards the limit: rows past it are never dropped silently', async () => {
    // 2 blank rows inside the file must not let the reader stop before the real rows end.
    const text = [
      header,
      ...lines(IMPORT_MAX_ROWS - 1, row),
      ',,',
      ' , , ',
      ...lines(10, (i) => row(IMPORT_MAX_ROWS + i)),
    ].join('\n');
    expect(await parse(text)).toEqual(tooMany);
  });
});
