/**
 * Which bikes the program pays for (docs/rules.md "When a result earns an award", rule 5): the maker,
 * the program's models and model years, and an event's program (its category, else its series'
 * category, may narrow models and years).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '~/db.server';
import { categories, series, type Event } from '#db/schema';
import { MIN_BIKE_YEAR } from '~/lib/constants';

/** The maker whose bikes the program pays for. */
export const MAKER = 'KTM';

/** True when a make names the maker (or says nothing). */
export function isMakerMake(make: string | null | undefined): boolean {
  if (!make || make.trim() === '') return true;
  return make.toUpperCase().includes(MAKER);
}

function tokens(s: string): string[] {
  return s
    .toUpperCase()
    .split(/[\s/,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** True when a bike model is one of the program's models (every word of it present, any order). */
function modelMatches(bikeModel: string | null, eligible: string[]): boolean {
  if (!bikeModel) return false;
  const have = new Set(tokens(bikeModel));
  return eligible.some((m) => {
    const want = tokens(m);
    return want.length > 0 && want.every((t) => have.has(t));
  });
}

export type Program = { eligibleModels: string[] | null; minYear: number; maxYear: number | null };

/** A rider's bike as the rules see it (make, model and year from the bike, else its VIN pattern). */
export type BikeFacts = {
  id: number;
  valid: boolean;
  make: string | null;
  model: string | null;
  year: number | null;
};

/** The first of a rider's bikes the program allows (rule 5), or null. */
export function eligibleBike(
  list: BikeFacts[],
  program: Program,
  racedModel: string | null,
): BikeFacts | null {
  const ok = list.filter((b) => {
    if (!b.valid) return false;
    if (b.make && !isMakerMake(b.make)) return false;
    if (b.year === null || b.year < program.minYear) return false;
    if (program.maxYear !== null && b.year > program.maxYear) return false;
    if (program.eligibleModels && program.eligibleModels.length > 0) {
      if (!modelMatches(b.model, program.eligibleModels)) return false;
    }
    return true;
  });
  if (ok.length === 0) return null;
  if (racedModel) {
    const raced = ok.find((b) => b.model && modelMatches(racedModel, [b.model]));
    if (raced) return raced;
  }
  return ok[0];
}

/**
 * Why none of a rider's bikes is eligible, most useful first: no bike of the maker at
 * all, none verified (VIN not matched), none of a model year the program pays for, or none of the
 * program's models. Only called when `eligibleBike` found none.
 */
export function whyNoEligibleBike(
  list: BikeFacts[],
  program: Program,
): 'noEligibleBike' | 'bikeNotVerified' | 'bikeModelYear' | 'bikeNotProgramModel' {
  const maker = list.filter((b) => !b.make || isMakerMake(b.make));
  if (maker.length === 0) return 'noEligibleBike';
  const verified = maker.filter((b) => b.valid);
  if (verified.length === 0) return 'bikeNotVerified';
  const inYears = verified.filter(
    (b) =>
      b.year !== null &&
      b.year >= program.minYear &&
      (program.maxYear === null || b.year <= program.maxYear),
  );
  if (inYears.length === 0) return 'bikeModelYear';
  return 'bikeNotProgramModel';
}

/** The program of a category: it may narrow models and years (none: every model since MIN_BIKE_YEAR). */
function programOf(tx: Tx, categoryId: number | null): Program {
  if (categoryId === null) return { eligibleModels: null, minYear: MIN_BIKE_YEAR, maxYear: null };
  const c = tx.select().from(categories).where(eq(categories.id, categoryId)).get();
  if (!c) return { eligibleModels: null, minYear: MIN_BIKE_YEAR, maxYear: null };
  return {
    eligibleModels: c.eligibleModels && c.eligibleModels.length > 0 ? c.eligibleModels : null,
    minYear: c.minYear ?? MIN_BIKE_YEAR,
    maxYear: c.maxYear ?? null,
  };
}

/** The program of an event: its category, else its series' category. */
export function eventProgram(tx: Tx, event: Pick<Event, 'categoryId' | 'seriesId'>): Program {
  let categoryId = event.categoryId;
  if (categoryId === null && event.seriesId !== null) {
    categoryId =
      tx.select({ c: series.categoryId }).from(series).where(eq(series.id, event.seriesId)).get()
        ?.c ?? null;
  }
  return programOf(tx, categoryId);
}
