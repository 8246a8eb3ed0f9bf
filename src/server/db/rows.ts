import { fillPlaceholders, getTableColumns, is, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
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

/**
 * What a statement refused through `studio_refuse(reason)` (migration 0018): the reason it gave
 * (`rate`, `credits`), or null for any other error. The whole statement was rolled back.
 */
export function refusalIn(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'P0001' && typeof message === 'string' && message.startsWith('studio_refused:'))
      return message.slice('studio_refused:'.length);
  }
  return null;
}

interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown>;
}

/** A value of a statement: a placeholder filled at execution, or the value itself. */
export type Bind = (name: string) => SQL;

/**
 * The postgres.js client a handle sends its statements through: the pool's for the database, the
 * transaction's own connection for a transaction; none on PGlite.
 */
function postgresJsClient(db: Db): PostgresJsClient | undefined {
  const client = is(db, PgTransaction)
    ? (db as unknown as { session?: { client?: unknown } }).session?.client
    : (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PostgresJsClient).unsafe === 'function' ? (client as PostgresJsClient) : undefined;
}

/**
 * A statement for a hot path, written once with named values (`v('amount')`). On PostgreSQL, in a
 * transaction or not, its text is compiled once per shape and sent as a prepared statement with only
 * the values (no query building, no parse and plan per call); on PGlite the same text runs through
 * `db.execute` with the values bound.
 */
export function hotStatement<K extends string>(build: (v: Bind, shape: K) => SQL) {
  const compiled = new Map<K, { text: string; params: unknown[] }>();
  return async function run<T>(db: Db, shape: K, values: Record<string, unknown>): Promise<T[]> {
    const client = postgresJsClient(db);
    if (client) {
      let q = compiled.get(shape);
      if (!q) {
        const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(
          build((name) => sql`${sql.placeholder(name)}`, shape),
        );
        q = { text, params };
        compiled.set(shape, q);
      }
      return (await client.unsafe(q.text, fillPlaceholders(q.params, values), { prepare: true })) as T[];
    }
    return rowsOf<T>(await db.execute(build((name) => sql`${values[name]}`, shape)));
  };
}

/**
 * Put in a statement's select list or `returning` list: the statement's own transaction then commits
 * without waiting for the write-ahead log to reach the disk (PostgreSQL's asynchronous commit, for
 * this one transaction; `set_config(…, true)` lasts until the transaction ends, after its commit
 * record). The row locks it took are released at once instead of after the flush. Only for writes
 * whose loss in a database crash leaves a state the system already recovers from (a task claim, a run
 * marked started, a finished task removed); a crash loses at most the last fraction of a second of them, and never half of one statement.
 */
export const ASYNC_COMMIT = sql`set_config('synchronous_commit', 'off', true)`;

/** The databases are opened with snake_case casing (client.ts): a column's name in SQL. */
const casing = new CasingCache('snake_case');

/** The SQL name of a column (`tenantId` → `tenant_id`), for statements written by hand. */
export function columnName(column: Column): string {
  return casing.getColumnCasing(column);
}

/**
 * A row of `table` as read raw (`returning *` of a hot statement: column names, driver values) turned
 * into what drizzle's own queries answer: property names and each column's mapping from the driver
 * (timestamps to `Date`, JSON text to values).
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const value = raw[columnName(column)];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}
