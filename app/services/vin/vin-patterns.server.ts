/**
 * VIN patterns (the maker's allow-list): list with filters and pages, import (whole file or
 * nothing; existing patterns updated, never duplicated), delete, verify and unverify.
 *
 * None of these touch bikes: "Verify bikes" (`revalidateAllBikes` in bikes.server.ts) re-checks
 * every bike against the verified patterns when the admin asks for it (docs/rules.md "VINs").
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { writeTx, type Conn, type DB, unplannedLimit } from '~/db.server';
import { bikes, vinPatterns, type VinPattern } from '#db/schema';
import type { SortInput } from '~/lib/list-query';
import type { PatternRef, VinPatternQuery, VinPatternSort } from '~/lib/schemas/vin';
import { orderFor } from '~/services/platform/list-order.server';
import { audit, type Actor } from '~/services/platform/audit.server';
import { revalidateAllBikes } from '~/services/vin/bikes.server';
import type { ImportError } from '~/services/vin/vin-import-file.server';
import { parseVinPatternUpload, type PatternImportRow } from '~/services/vin/vin-import.server';
import { pageWindow } from '~/lib/pagination';
import { likeContains } from '~/services/platform/like.server';

// The brand is left out until the lists are scoped by brand (decision 048).
export type VinPatternRow = Omit<VinPattern, 'brandId'> & { bikeCount: number };
export type Pagination = { page: number; totalPages: number; total: number; pageSize: number };

function containsCi(column: SQL | typeof vinPatterns.model, text: string): SQL {
  return sql`lower(${column}) LIKE lower(${likeContains(text)}) ESCAPE '\\'`;
}

/**
 * One page of patterns (by default model, then year, then pattern; `sort` picks another column),
 * with how many bikes each one validates.
 */
export function listVinPatterns(
  conn: Conn,
  query: Pick<VinPatternQuery, 'page' | 'model' | 'year' | 'pattern'> & SortInput<VinPatternSort>,
): { vinPatterns: VinPatternRow[]; pagination: Pagination } {
  const filters: SQL[] = [];
  if (query.model) filters.push(containsCi(vinPatterns.model, query.model));
  if (query.year !== undefined) filters.push(eq(vinPatterns.year, query.year));
  if (query.pattern)
    filters.push(sql`${vinPatterns.pattern} LIKE ${likeContains(query.pattern)} ESCAPE '\\'`);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const total = conn.select({ n: count() }).from(vinPatterns).where(where).get()?.n ?? 0;
  const { offset, limit, pagination } = pageWindow(total, query.page);
  const bikeCount = sql<number>`(SELECT count(*) FROM ${bikes} WHERE ${bikes.vinPatternId} = ${vinPatterns.id})`;
  const rows = conn
    .select({
      id: vinPatterns.id,
      make: vinPatterns.make,
      model: vinPatterns.model,
      year: vinPatterns.year,
      pattern: vinPatterns.pattern,
      verified: vinPatterns.verified,
      noCheckDigit: vinPatterns.noCheckDigit,
      createdAt: vinPatterns.createdAt,
      bikeCount,
    })
    .from(vinPatterns)
    .where(where)
    .orderBy(
      ...orderFor(
        {
          model: [vinPatterns.model, vinPatterns.year],
          year: [vinPatterns.year],
          pattern: [vinPatterns.pattern],
          bikes: [bikeCount],
          status: [vinPatterns.verified],
        },
        query,
        { key: 'model' },
        [vinPatterns.model, vinPatterns.year, vinPatterns.pattern, vinPatterns.id],
      ),
    )
    .limit(unplannedLimit(limit))
    .offset(offset)
    .all();
  return { vinPatterns: rows, pagination: { ...pagination, pageSize: limit } };
}

/** A pattern by id or by its pattern text (any case). */
function findVinPattern(conn: Conn, ref: PatternRef): VinPattern | undefined {
  return typeof ref === 'number'
    ? conn.select().from(vinPatterns).where(eq(vinPatterns.id, ref)).get()
    : conn
        .select()
        .from(vinPatterns)
        .where(eq(vinPatterns.pattern, ref.trim().toUpperCase()))
        .get();
}

export type ImportSummary = { created: number; updated: number; total: number };

/**
 * Applies checked import rows in one transaction. A pattern already present is updated (model,
 * year; make and noCheckDigit only when the file gives them); `verified` is true unless the file
 * says otherwise — for new and existing patterns alike (docs/rules.md "VINs").
 */
export function importVinPatterns(db: DB, rows: PatternImportRow[], actor: Actor): ImportSummary {
  return writeTx(db, (tx) => {
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const verified = row.verified ?? true;
      const existing = tx
        .select()
        .from(vinPatterns)
        .where(eq(vinPatterns.pattern, row.pattern))
        .get();
      if (existing) {
        tx.update(vinPatterns)
          .set({
            model: row.model,
            year: row.year,
            verified,
            ...(row.make !== undefined ? { make: row.make } : {}),
            ...(row.noCheckDigit !== undefined ? { noCheckDigit: row.noCheckDigit } : {}),
          })
          .where(eq(vinPatterns.id, existing.id))
          .run();
        updated++;
      } else {
        tx.insert(vinPatterns)
          .values({
            model: row.model,
            year: row.year,
            pattern: row.pattern,
            verified,
            noCheckDigit: row.noCheckDigit ?? false,
            ...(row.make !== undefined ? { make: row.make } : {}),
          })
          .run();
        created++;
      }
    }
    const summary = { created, updated, total: rows.length };
    audit(tx, actor, 'vinPatterns.import', { type: 'vinPattern', id: null }, summary);
    return summary;
  });
}

/** Reads, checks and (only when every row is right) applies an uploaded file. */
export async function importVinPatternFile(
  db: DB,
  file: File,
  actor: Actor,
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; errors: ImportError[] }> {
  const parsed = await parseVinPatternUpload(file);
  if (!parsed.ok) return parsed;
  return { ok: true, summary: importVinPatterns(db, parsed.rows, actor) };
}

/** Deletes a pattern (its bikes keep their state until "Verify bikes"); false when not found. */
export function deleteVinPattern(db: DB, ref: PatternRef, actor: Actor): boolean {
  return writeTx(db, (tx) => {
    const p = findVinPattern(tx, ref);
    if (!p) return false;
    tx.delete(vinPatterns).where(eq(vinPatterns.id, p.id)).run();
    audit(
      tx,
      actor,
      'vinPattern.delete',
      { type: 'vinPattern', id: p.id },
      { pattern: p.pattern, model: p.model, year: p.year },
    );
    return true;
  });
}

/** Marks a pattern verified or not; the updated pattern, or null when not found. */
export function setVinPatternVerified(
  db: DB,
  ref: PatternRef,
  verified: boolean,
  actor: Actor,
): VinPattern | null {
  return writeTx(db, (tx) => {
    const p = findVinPattern(tx, ref);
    if (!p) return null;
    if (p.verified !== verified) {
      tx.update(vinPatterns).set({ verified }).where(eq(vinPatterns.id, p.id)).run();
      audit(
        tx,
        actor,
        verified ? 'vinPattern.verify' : 'vinPattern.unverify',
        { type: 'vinPattern', id: p.id },
        { pattern: p.pattern },
      );
    }
    return { ...p, verified };
  });
}

/**
 * POST /api/vin-patterns/verify-bikes: verifies the given patterns (all must exist, else nothing
 * changes), then re-checks every bike against the verified patterns.
 */
export function verifyPatternsThenBikes(
  db: DB,
  refs: PatternRef[],
  actor: Actor,
):
  | { ok: false; missing: PatternRef[] }
  | {
      ok: true;
      verified: number;
      bikes: { checked: number; becameValid: number; becameInvalid: number };
    } {
  const found = refs.map((ref) => ({ ref, pattern: findVinPattern(db, ref) }));
  const missing = found.filter((f) => !f.pattern).map((f) => f.ref);
  if (missing.length > 0) return { ok: false, missing };
  let verified = 0;
  writeTx(db, (tx) => {
    for (const f of found) {
      if (!f.pattern || f.pattern.verified) continue;
      tx.update(vinPatterns).set({ verified: true }).where(eq(vinPatterns.id, f.pattern.id)).run();
      audit(
        tx,
        actor,
        'vinPattern.verify',
        { type: 'vinPattern', id: f.pattern.id },
        { pattern: f.pattern.pattern },
      );
      verified++;
    }
  });
  return { ok: true, verified, bikes: revalidateAllBikes(db, actor) };
}
