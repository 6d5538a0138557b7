import type { DB } from '~/db.server';

/** The SQL of every statement `fn` prepares on the connection (in the order it prepares them). */
export function statementsOf(db: DB, fn: () => unknown): string[] {
  const client = db.$client;
  const seen: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((sql: string) => {
    seen.push(sql);
    return prepare(sql);
  }) as typeof client.prepare;
  try {
    const out = fn();
    // Streamed exports run their statement only when read.
    if (out && typeof out === 'object' && 'rows' in out)
      Array.from((out as { rows: Iterable<unknown> }).rows);
    else if (out && typeof out === 'object' && Symbol.iterator in out)
      Array.from(out as Iterable<unknown>);
  } finally {
    client.prepare = prepare;
  }
  return seen;
}
