import fs from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import {
  VIN_ALPHABET,
  isValidVinPattern,
  matchVinPattern,
  normalizeVin,
  vinCheckDigit,
  vinHasValidCheckDigit,
  vinHasValidSyntax,
  vinModelYear,
  vinShapeError,
} from '~/lib/vin';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/program');

/** Reads a simple comma-separated fixture (no quoted fields) into objects keyed by header. */
function readCsv(file: string): Record<string, string>[] {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const keys = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']));
  });
}

const vins = readCsv('vins.csv');
const patterns = readCsv('vin-patterns.csv');

/** The patterns a VIN matches. */
function matching(vin: string) {
  return patterns.filter((p) => matchVinPattern(vin, p.Pattern));
}

describe('VIN fixtures (vins.csv)', () => {
  it('has every verdict the test knows', () => {
    expect(vins).toHaveLength(7);
    const known = [
      'valid',
      'valid-but-too-old-for-default-program',
      'invalid-check-digit',
      'invalid-length',
      'invalid-character',
      'valid-vin-no-pattern',
    ];
    for (const row of vins) expect(known).toContain(row.verdict);
  });

  for (const row of vins) {
    it(`${row.vin}: ${row.verdict}`, () => {
      switch (row.verdict) {
        case 'valid':
        case 'valid-but-too-old-for-default-program': {
          expect(vinShapeError(row.vin)).toBeNull();
          expect(vinHasValidCheckDigit(row.vin)).toBe(true);
          expect(vinCheckDigit(row.vin)).toBe(row.vin[8]);
          expect(vinModelYear(row.vin)).toBe(Number(row.year));
          const found = matching(row.vin);
          expect(found.length).toBeGreaterThan(0);
          expect(found.every((p) => p.Model === row.model && p.Year === row.year)).toBe(true);
          if (row.verdict === 'valid-but-too-old-for-default-program') {
            expect(vinModelYear(row.vin)).toBeLessThan(2023);
          }
          break;
        }
        case 'invalid-check-digit':
          expect(vinShapeError(row.vin)).toBe('checkDigit');
          expect(vinHasValidSyntax(row.vin)).toBe(true);
          expect(vinHasValidCheckDigit(row.vin)).toBe(false);
          expect(vinCheckDigit(row.vin)).not.toBe(row.vin[8]);
          break;
        case 'invalid-length':
          expect(vinShapeError(row.vin)).toBe('length');
          expect(vinHasValidSyntax(row.vin)).toBe(false);
          expect(vinCheckDigit(row.vin)).toBe('');
          break;
        case 'invalid-character':
          expect(vinShapeError(row.vin)).toBe('character');
          expect(vinHasValidSyntax(row.vin)).toBe(false);
          expect(vinHasValidCheckDigit(row.vin)).toBe(false);
          break;
        case 'valid-vin-no-pattern':
          expect(vinShapeError(row.vin)).toBeNull();
          expect(vinHasValidCheckDigit(row.vin)).toBe(true);
          expect(matching(row.vin)).toEqual([]);
          break;
        default:
          throw new Error(`Unknown verdict ${row.verdict}`);
      }
    });
  }
});

describe('VIN patterns (vin-patterns.csv)', () => {
  it('are all well-formed 17-character patterns', () => {
    expect(patterns).toHaveLength(40);
    for (const p of patterns) expect(isValidVinPattern(p.Pattern)).toBe(true);
  });

  it('year letter of every pattern gives its year', () => {
    for (const p of patterns) {
      const sample = p.Pattern.replace(/\*/g, '0');
      expect(vinModelYear(sample)).toBe(Number(p.Year));
    }
  });
});

describe('check digit', () => {
  it('computes known check digits', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('VBKSXF452RM000101')).toBe('2');
  });

  it('is case- and space-insensitive', () => {
    expect(vinHasValidCheckDigit(' vbksxf452rm000101 ')).toBe(true);
    expect(vinShapeError(' vbksxf452rm000101 ')).toBeNull();
  });
});

describe('shape', () => {
  it('knows the VIN alphabet (no I, O, Q)', () => {
    expect(VIN_ALPHABET).toHaveLength(33);
    expect(VIN_ALPHABET).not.toMatch(/[IOQ]/);
  });

  it('reports the first problem', () => {
    expect(vinShapeError('')).toBe('length');
    expect(vinShapeError('VBKSXF452RM0001011')).toBe('length');
    expect(vinShapeError('VBKSXF452RM00010O')).toBe('character');
    expect(vinShapeError('VBKSXF452RM00010Q')).toBe('character');
    expect(vinShapeError('VBKSXF452RM00010-')).toBe('character');
  });

  it('normalizes', () => {
    expect(normalizeVin('  vbk123 ')).toBe('VBK123');
    expect(normalizeVin(null)).toBe('');
  });
});

describe('model year (position 10, 30-year cycle, latest year not after next calendar year)', () => {
  const in2026 = new Date('2026-11-23T12:00:00Z');
  const at = (c: string, now = in2026) => vinModelYear(`VBKSXF452${c}M000101`, now);

  it('reads the current cycle up to next calendar year', () => {
    expect(at('A')).toBe(2010);
    expect(at('L')).toBe(2020);
    expect(at('M')).toBe(2021);
    expect(at('N')).toBe(2022);
    expect(at('P')).toBe(2023);
    expect(at('R')).toBe(2024);
    expect(at('S')).toBe(2025);
    expect(at('T')).toBe(2026);
    expect(at('V')).toBe(2027);
  });

  it('never decodes a year later than next calendar year (8 is 2008, 3 is 2003 in 2026)', () => {
    expect(at('8')).toBe(2008);
    expect(at('3')).toBe(2003);
    expect(at('1')).toBe(2001);
    expect(at('9')).toBe(2009);
    expect(at('Y')).toBe(2000);
    expect(at('W')).toBe(1998);
    expect(at('W', new Date('2027-03-01T12:00:00Z'))).toBe(2028);
    expect(at('8', new Date('2037-06-01T12:00:00Z'))).toBe(2038);
  });

  it('decodes real VINs of several makes and years', () => {
    const real: [string, Date, number][] = [
      ['1HGCM82633A004352', in2026, 2003], // Honda Accord
      ['1GNEK13ZX3R298984', in2026, 2003], // Chevrolet Tahoe
      ['1G1ZT53826F109149', in2026, 2006], // Chevrolet Malibu
      ['1HD1KB4197Y722798', in2026, 2007], // Harley-Davidson touring
      ['JH4KA7561PC008269', new Date('1993-06-01T12:00:00Z'), 1993], // Acura Legend, read in its day
      ['VBKDUK892PM002077', in2026, 2023], // KTM 890 Duke R (fixtures)
      ['VBKSXF452RM000101', in2026, 2024], // KTM 450 SX-F (fixtures)
      ['VBKXCF453NM000555', in2026, 2022], // KTM 450 XC-F (fixtures)
      ['JYARJ1601PA000042', in2026, 2023], // Yamaha (fixtures)
    ];
    for (const [vin, now, year] of real) {
      expect(vinHasValidCheckDigit(vin), vin).toBe(true);
      expect(vinModelYear(vin, now), vin).toBe(year);
    }
  });

  it('is null for characters that are not year codes', () => {
    expect(at('U')).toBeNull();
    expect(at('Z')).toBeNull();
    expect(at('0')).toBeNull();
    expect(vinModelYear('VBKSXF452')).toBeNull();
  });
});
