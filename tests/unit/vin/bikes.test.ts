import { describe, it, expect, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, bikes, vinPatterns } from '#db/schema';
import type { DB } from '~/db.server';
import { SYSTEM_ACTOR } from '~/services/platform/audit.server';
import { addBike, evaluateVin, removeBike, revalidateAllBikes } from '~/services/vin/bikes.server';
import { testDb } from '../helpers/db';
import { insertFixturePatterns, insertUser } from './helpers';

let db: DB;
beforeEach(() => {
  db = testDb();
  insertFixturePatterns(db);
});

describe('addBike / removeBike', () => {
  it('adds a valid bike with model and year from the pattern, and logs it', () => {
    const rider = insertUser(db, 'rider');
    const r = addBike(db, rider.profileId, ' vbksxf452rm000101 ', {
      userId: rider.userId,
      proxyHostUserId: null,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.bike).toMatchObject({
      vin: 'VBKSXF452RM000101',
      valid: true,
      model: '450 SX-F',
      year: 2024,
      make: 'KTM',
      invalidReason: null,
    });
    const log = db.select().from(auditLog).where(eq(auditLog.action, 'bike.add')).all();
    expect(log).toHaveLength(1);
    expect(log[0].actorUserId).toBe(rider.userId);
  });

  it('saves a well-formed VIN with no verified pattern as invalid, with the reason', () => {
    const rider = insertUser(db, 'rider');
    const r = addBike(db, rider.profileId, 'JYARJ1601PA000042', SYSTEM_ACTOR);
    expect(r.ok && r.bike).toMatchObject({
      valid: false,
      invalidReason: 'vin:invalid.noPattern',
      model: null,
      year: 2023,
    });
  });

  it('refuses a malformed VIN', () => {
    const rider = insertUser(db, 'rider');
    expect(addBike(db, rider.profileId, 'VBKSXF451RM000101', SYSTEM_ACTOR)).toEqual({
      ok: false,
      error: 'validation:vin',
    });
    expect(db.select().from(bikes).all()).toHaveLength(0);
  });

  it('refuses the same VIN for a second rider and for the same rider', () => {
    const a = insertUser(db, 'rider');
    const b = insertUser(db, 'rider');
    expect(addBike(db, a.profileId, 'VBKSXF452RM000101', SYSTEM_ACTOR).ok).toBe(true);
    expect(addBike(db, b.profileId, 'vbksxf452rm000101', SYSTEM_ACTOR)).toEqual({
      ok: false,
      error: 'vin:errors.taken',
    });
    expect(addBike(db, a.profileId, 'VBKSXF452RM000101', SYSTEM_ACTOR)).toEqual({
      ok: false,
      error: 'vin:errors.taken',
    });
    expect(db.select().from(bikes).all()).toHaveLength(1);
  });

  it('refuses an unknown rider', () => {
    expect(addBike(db, 999_999, 'VBKSXF452RM000101', SYSTEM_ACTOR)).toEqual({
      ok: false,
      error: 'vin:errors.riderNotFound',
    });
  });

  it('removes only the rider’s own bike', () => {
    const a = insertUser(db, 'rider');
    const b = insertUser(db, 'rider');
    const r = addBike(db, a.profileId, 'VBKSXF452RM000101', SYSTEM_ACTOR);
    if (!r.ok) throw new Error('not added');
    expect(removeBike(db, b.profileId, r.bike.id, SYSTEM_ACTOR)).toEqual({
      ok: false,
      notFound: true,
    });
    expect(db.select().from(bikes).all()).toHaveLength(1);
    expect(removeBike(db, a.profileId, r.bike.id, SYSTEM_ACTOR)).toEqual({ ok: true });
    expect(db.select().from(bikes).all()).toHaveLength(0);
    expect(removeBike(db, a.profileId, r.bike.id, SYSTEM_ACTOR)).toEqual({
      ok: false,
      notFound: true,
    });
  });
});

describe('revalidateAllBikes', () => {
  it('unverifying a pattern makes its bikes invalid, verifying it again makes them valid', () => {
    const rider = insertUser(db, 'rider');
    addBike(db, rider.profileId, 'VBKSXF452RM000101', SYSTEM_ACTOR);
    addBike(db, rider.profileId, 'VBKDUK892PM002077', SYSTEM_ACTOR);
    const pattern = 'VBKSXF45*RM******';
    db.update(vinPatterns).set({ verified: false }).where(eq(vinPatterns.pattern, pattern)).run();
    expect(revalidateAllBikes(db, SYSTEM_ACTOR)).toEqual({
      checked: 2,
      becameValid: 0,
      becameInvalid: 1,
    });
    const sxf = db.select().from(bikes).where(eq(bikes.vin, 'VBKSXF452RM000101')).get();
    expect(sxf).toMatchObject({
      valid: false,
      invalidReason: 'vin:invalid.noPattern',
      vinPatternId: null,
    });
    expect(revalidateAllBikes(db, SYSTEM_ACTOR)).toEqual({
      checked: 2,
      becameValid: 0,
      becameInvalid: 0,
    });
    db.update(vinPatterns).set({ verified: true }).where(eq(vinPatterns.pattern, pattern)).run();
    expect(revalidateAllBikes(db, SYSTEM_ACTOR)).toEqual({
      checked: 2,
      becameValid: 1,
      becameInvalid: 0,
    });
    expect(db.select().from(bikes).where(eq(bikes.vin, 'VBKSXF452RM000101')).get()).toMatchObject({
      valid: true,
      model: '450 SX-F',
      year: 2024,
      invalidReason: null,
    });
  });
});

describe('evaluateVin: no-check-digit patterns', () => {
  it('accepts a wrong check digit only under a verified no-check-digit pattern', () => {
    const vin = 'VBKSXF451RM000101'; // wrong check digit
    expect(evaluateVin(db, vin)).toEqual({ ok: false, error: 'validation:vin' });
    db.insert(vinPatterns)
      .values({
        model: '450 SX-F Factory',
        year: 2024,
        pattern: 'VBKSXF451RM******',
        verified: false,
        noCheckDigit: true,
      })
      .run();
    expect(evaluateVin(db, vin)).toEqual({ ok: false, error: 'validation:vin' });
    db.update(vinPatterns)
      .set({ verified: true })
      .where(eq(vinPatterns.pattern, 'VBKSXF451RM******'))
      .run();
    expect(evaluateVin(db, vin)).toMatchObject({
      ok: true,
      valid: true,
      model: '450 SX-F Factory',
      year: 2024,
    });
  });

  it('prefers the no-check-digit pattern when the check digit is wrong, the most specific otherwise', () => {
    db.insert(vinPatterns)
      .values({
        model: 'Any 2024',
        year: 2024,
        pattern: 'VBK******R*******',
        verified: true,
        noCheckDigit: true,
      })
      .run();
    expect(evaluateVin(db, 'VBKSXF451RM000101')).toMatchObject({
      ok: true,
      valid: true,
      model: 'Any 2024',
    });
    expect(evaluateVin(db, 'VBKSXF452RM000101')).toMatchObject({
      ok: true,
      valid: true,
      model: '450 SX-F',
    });
  });

  it('a bike kept under a no-check-digit pattern becomes invalid when that pattern is unverified', () => {
    db.insert(vinPatterns)
      .values({
        model: 'Factory',
        year: 2024,
        pattern: 'VBKSXF451RM******',
        verified: true,
        noCheckDigit: true,
      })
      .run();
    const rider = insertUser(db, 'rider');
    expect(addBike(db, rider.profileId, 'VBKSXF451RM000101', SYSTEM_ACTOR).ok).toBe(true);
    db.update(vinPatterns)
      .set({ verified: false })
      .where(eq(vinPatterns.pattern, 'VBKSXF451RM******'))
      .run();
    expect(revalidateAllBikes(db, SYSTEM_ACTOR).becameInvalid).toBe(1);
    expect(db.select().from(bikes).get()).toMatchObject({
      valid: false,
      invalidReason: 'vin:invalid.checkDigit',
    });
  });
});
