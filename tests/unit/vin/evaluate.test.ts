/** evaluateVin on every row of the shared vins.csv, with the fixture's patterns imported as verified. */
import { beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '#db/schema';
import type { DB } from '~/db.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { vinCheckDigit } from '~/lib/vin';
import { addBike, evaluateVin } from '~/services/vin/bikes.server';
import { parseVinPatternFile } from '~/services/vin/vin-import.server';
import { importVinPatterns } from '~/services/vin/vin-patterns.server';
import { testDb } from '../helpers/db';
import { fixture, fixtureRows, insertUser } from './helpers';

let db: DB;
beforeAll(async () => {
  db = testDb();
  const parsed = await parseVinPatternFile({
    name: 'vin-patterns.csv',
    bytes: fixture('vin-patterns.csv'),
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(importVinPatterns(db, parsed.rows, SYSTEM_ACTOR)).toEqual({
    created: 40,
    updated: 0,
    total: 40,
  });
});

const rows = fixtureRows('vins.csv');

describe('vins.csv', () => {
  it('covers every verdict', () => {
    expect(new Set(rows.map((r) => r.verdict))).toEqual(
      new Set([
        'valid',
        'valid-but-too-old-for-default-program',
        'invalid-check-digit',
        'invalid-length',
        'invalid-character',
        'valid-vin-no-pattern',
      ]),
    );
  });

  for (const row of rows) {
    it(`${row.vin} → ${row.verdict}`, () => {
      const result = evaluateVin(db, row.vin);
      switch (row.verdict) {
        case 'valid':
        case 'valid-but-too-old-for-default-program':
          // Program eligibility by year is the award engine's business: the bike itself is valid.
          expect(result).toMatchObject({
            ok: true,
            vin: row.vin,
            valid: true,
            model: row.model,
            year: Number(row.year),
            make: 'KTM',
            invalidReason: null,
          });
          expect(result.ok && result.vinPatternId).toBeGreaterThan(0);
          // Lower case and spaces as typed are normalized.
          expect(evaluateVin(db, `  ${row.vin.toLowerCase()} `)).toEqual(result);
          break;
        case 'invalid-check-digit':
        case 'invalid-length':
        case 'invalid-character':
          expect(result).toEqual({ ok: false, error: 'validation:vin' });
          break;
        case 'valid-vin-no-pattern': {
          expect(result).toMatchObject({
            ok: true,
            valid: false,
            model: null,
            make: null,
            vinPatternId: null,
            invalidReason: 'vin:invalid.noPattern',
          });
          const rider = insertUser(db, 'rider');
          const added = addBike(db, rider.profileId, row.vin, SYSTEM_ACTOR);
          expect(added.ok && added.bike).toMatchObject({
            vin: row.vin,
            valid: false,
            invalidReason: 'vin:invalid.noPattern',
          });
          break;
        }
        default:
          throw new Error(`unknown verdict ${row.verdict}`);
      }
    });
  }

  it('addBike stores the verdicts: malformed refused, others saved', () => {
    const rider = insertUser(db, 'rider');
    for (const row of rows) {
      const r = addBike(db, rider.profileId, row.vin, SYSTEM_ACTOR);
      if (row.verdict.startsWith('invalid-'))
        expect(r).toEqual({ ok: false, error: 'validation:vin' });
      else if (row.verdict === 'valid-vin-no-pattern')
        expect(r).toEqual({ ok: false, error: 'vin:errors.taken' });
      else expect(r.ok && r.bike.valid).toBe(true);
    }
    expect(db.select().from(bikes).all()).toHaveLength(4); // 3 valid + the no-pattern bike of the test above
  });
});

describe('pattern matching', () => {
  /** The VIN with its correct check digit at position 9. */
  const withCheck = (vin: string) =>
    `${vin.slice(0, 8)}${vinCheckDigit(`${vin.slice(0, 8)}0${vin.slice(9)}`)}${vin.slice(9)}`;

  it('* matches any one character; every fixed character must be equal', () => {
    // VBKSMR45*SM******: any serial, any check digit.
    for (const serial of ['000001', 'ZZZZZ9', 'A1B2C3']) {
      expect(evaluateVin(db, withCheck(`VBKSMR450SM${serial}`))).toMatchObject({
        ok: true,
        valid: true,
        model: '450 SMR',
        year: 2025,
      });
    }
    // Position 11 (plant) is fixed to M; position 10 (year) fixed; maker code fixed.
    expect(evaluateVin(db, withCheck('VBKSMR450SA000001'))).toMatchObject({
      ok: true,
      valid: false,
    });
    expect(evaluateVin(db, withCheck('VBKSMR450TM000001'))).toMatchObject({
      ok: true,
      valid: false,
      year: 2026,
    });
    expect(evaluateVin(db, withCheck('WBKSMR450SM000001'))).toMatchObject({
      ok: true,
      valid: false,
    });
  });

  it('model and year come from the pattern', () => {
    expect(evaluateVin(db, withCheck('VBKXCW450NM000777'))).toMatchObject({
      valid: true,
      model: '450 XC-F W',
      year: 2022,
    });
    expect(evaluateVin(db, withCheck('VBKXC3000RM000777'))).toMatchObject({
      valid: true,
      model: '300 XC',
      year: 2024,
    });
  });
});
