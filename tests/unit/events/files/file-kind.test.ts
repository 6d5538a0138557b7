/**
 * An uploaded file is told by what it is, never by its name: CSV and XLSX are read, the AMA
 * live-timing JSON export becomes rows with its race as the class column, anything else is
 * refused with what it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedType } from '~/services/events/files/file-kind.server';
import { readUploadOutcome } from '~/services/events/files/upload-reader.server';
import { parseResults } from '~/services/events/results-import/results-parser.server';

const bytes = (s: string) => new TextEncoder().encode(s);
const TIMING = path.resolve(process.cwd(), 'tests/fixtures/timing');

describe('a file that is not a sheet is refused by what it is', () => {
  it.each([
    ['a JavaScript module', "import x from './y';\nconsole.log(x, 1, 2);\n", 'JavaScript'],
    ['a script with a comment first', '// build step\nconst a = [1, 2, 3];\n', 'JavaScript'],
    ['a JSON file of something else', '{"name": "pkg", "version": "1.0.0"}', 'JSON'],
    ['a JSON array that is not races', '[{"a": 1}, {"a": 2}]', 'JSON'],
    ['an HTML page', '<!DOCTYPE html><html><body>Results</body></html>', 'HTML'],
    ['a PDF', '%PDF-1.7\n%\u00e2\u00e3', 'PDF'],
  ])('%s', async (_, text, kind) => {
    await expect(readUploadOutcome(bytes(text))).resolves.toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'notASheet', value: kind }],
    });
  });

  it('a binary file (an image) is refused without a name', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(readUploadOutcome(png)).resolves.toEqual({
      ok: false,
      problems: [{ row: null, column: null, code: 'unsupportedFile' }],
    });
  });

  it('a CSV is still read, whatever its first word', async () => {
    const read = await readUploadOutcome(bytes('Place,Rider\n1,Constance Ward\n'));
    expect(read.ok).toBe(true);
  });

  it('the declared type refuses a script or a page, and lets sheets and JSON through', () => {
    expect(refusedType('text/javascript')).toMatchObject({
      code: 'notASheet',
      value: 'JavaScript',
    });
    expect(refusedType('application/x-javascript')).toMatchObject({ value: 'JavaScript' });
    expect(refusedType('text/html')).toMatchObject({ value: 'HTML' });
    expect(refusedType('image/png')).toMatchObject({ code: 'unsupportedFile' });
    for (const ok of ['', 'text/csv', 'application/vnd.ms-excel', 'application/json', 'text/plain'])
      expect(refusedType(ok)).toBeNull();
  });
});

describe('the AMA live-timing JSON export', () => {
  it('reads every race as rows with the race as the class column', async () => {
    const read = await readUploadOutcome(
      new Uint8Array(fs.readFileSync(path.join(TIMING, 'ama-supercross.json'))),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    const parsed = parseResults(read.value, 'upload-all-class-result');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const main = parsed.value.filter((r) => r.className === '450SX Main Event');
    expect(
      main.map((r) => [r.place, r.riderName, r.amaNumber, r.make, r.hometown, r.resultType]),
    ).toEqual([
      [1, 'Chase Sexton', '126405', 'KTM', 'La Moille, IL', 'finish'],
      [2, 'Eli Tomac', '31473', 'Yamaha', 'Cortez, CO', 'finish'],
      [3, 'Ken Roczen', '57436', 'Suzuki', 'Mattstedt, DE', 'finish'],
      [4, 'Malcolm Stewart', '98764', 'Husqvarna', 'Haines City, FL', 'finish'],
      [5, 'Justin Barcia', '64711', 'GasGas', 'Monroe, NY', 'finish'],
      [6, 'Aaron Plessinger', '42961', 'KTM', 'Hamilton, OH', 'DNF'],
    ]);
    expect(new Set(parsed.value.map((r) => r.className))).toEqual(
      new Set(['450SX Heat 1', '250SX West Main Event', '450SX Main Event']),
    );
  });
});
