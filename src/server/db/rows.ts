import { is, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** db.execute() answers an array on postgres.js and `{ rows }` on PGlite; this reads either. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** True when the error (or one of its causes) is a PostgreSQL unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown>;
}

/**
 * Runs a statement built with drizzle's `sql` and answers its rows. On PostgreSQL outside a
 * transaction it goes as a named prepared statement (drizzle sends `db.execute` unprepared: the whole
 * text parsed and planned on every call), so a statement on a hot path (chat's reservation) is parsed
 * once per connection. Inside a transaction, and on PGlite, it is `db.execute`.
 */
export async function runStatement<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client as PostgresJsClient | undefined;
  if (!is(db, PgTransaction) && client && typeof client.unsafe === 'function') {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return (await client.unsafe(text, params, { prepare: true })) as T[];
  }
  return rowsOf<T>(await db.execute(query));
}
