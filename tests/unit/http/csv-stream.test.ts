/** Streamed CSV exports: same bytes as the whole-file CSV, formula-safe, rows pulled on demand, own read connection. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabaseSync } from '#db/migrate';
import { dealers } from '#db/schema';
import { CSV_BOM, toCsv, type CsvCell } from '~/lib/csv';
import { openDb } from '~/db.server';
import { csvResponse, csvStream } from '~/http/csv-response.server';
import { streamRows } from '~/services/platform/row-stream.server';

describe('streamed CSV', () => {
  it('writes the same document as toCsv, with the BOM and formula-safe cells', async () => {
    const rows: CsvCell[][] = [
      ['name', 'amount'],
      ['=SUM(A1)', '-12.50'],
      ['a,"b"', 3],
      ...Array.from({ length: 1234 }, (_, i) => [`r${i}`, i]),
    ];
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await csvResponse('x.csv', rows).arrayBuffer(),
    );
    expect(text).toBe(CSV_BOM + toCsv(rows));
    expect(text).toContain("'=SUM(A1)");
  });

  it('pulls rows only as the reader asks, and a cancelled download stops the rows', async () => {
    let produced = 0;
    let closed = false;
    function* rows() {
      try {
        for (let i = 0; i < 100_000; i++) {
          produced++;
          yield [i];
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(rows()).getReader();
    await reader.read();
    expect(produced).toBeLessThan(2_000);
    await reader.cancel();
    expect(closed).toBe(true);
  });

  it('reads a file database through its own connection while the main one keeps working', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-stream-'));
    const db = openDb(path.join(dir, 't.db'));
    migrateDatabaseSync(db.$client);
    db.insert(dealers)
      .values(Array.from({ length: 50 }, (_, i) => ({ name: `D${i}` })))
      .run();
    const q = db.select({ id: dealers.id, name: dealers.name }).from(dealers);
    const it = streamRows<{ id: number; name: string }>(db, q, ['id', 'name'])[Symbol.iterator]();
    expect(it.next().value).toEqual({ id: 1, name: 'D0' });
    // Another statement on the main connection while the stream is open (better-sqlite3 refuses that on one connection).
    db.insert(dealers).values({ name: 'late' }).run();
    let n = 1;
    while (!it.next().done) n++;
    expect(n).toBe(50);
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
