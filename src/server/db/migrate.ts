import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError } from '@/server/config';
import type { Database } from './client';
import { rowsOf } from './rows';

export const migrationsFolder = path.join(process.cwd(), 'drizzle');
// An arbitrary constant that names Studio's migration lock among advisory locks.
const MIGRATION_LOCK_ID = 7_310_442_001;

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

function journal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

export function expectedMigrationCount(): number {
  return journal().entries.length;
}

/**
 * Applies pending migrations. Drizzle's migrator takes no lock, so on PostgreSQL several instances
 * starting at once serialise on an advisory lock held by a dedicated connection.
 */
export async function runMigrations(
  database: Pick<Database, 'db' | 'kind'>,
  databaseUrl: string | undefined,
): Promise<void> {
  if (database.kind === 'pglite' || !databaseUrl) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
    return;
  }
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** True when every committed migration has been applied to this database. */
export async function migrationsApplied(database: Pick<Database, 'db' | 'kind'>): Promise<boolean> {
  try {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const first = rowsOf<{ n: number }>(rows)[0];
    return (first?.n ?? 0) >= expectedMigrationCount();
  } catch {
    return false;
  }
}

/** Where a database stands against the migrations this code ships. */
export interface SchemaState {
  /** Migrations recorded as applied in the database. */
  applied: number;
  /** Migrations this code ships. */
  known: number;
  /** `behind`: some of the code's migrations are not applied; `ahead`: the database has migrations this code does not know. */
  status: 'current' | 'behind' | 'ahead';
  /** The newest migration the code ships. */
  latest: string;
}

/**
 * Compares the database's migration record with the code's journal. Drizzle applies a migration when
 * its timestamp is newer than the last applied one, so the database is ahead when it records more
 * migrations, or a newer one, than this code ships (a newer release migrated it).
 */
export async function schemaState(database: Pick<Database, 'db'>): Promise<SchemaState> {
  const entries = journal().entries;
  const newest = Math.max(0, ...entries.map((e) => e.when));
  const latest = entries.at(-1)?.tag ?? '(none)';
  let applied = 0;
  let last = 0;
  try {
    const rows = await database.db.execute(
      sql`select count(*)::int as n, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
    );
    const first = rowsOf<{ n: number; last: string }>(rows)[0];
    applied = Number(first?.n ?? 0);
    last = Number(first?.last ?? 0);
  } catch {
    // No migration record yet: a new database.
  }
  const status =
    applied > entries.length || last > newest
      ? 'ahead'
      : applied < entries.length || last < newest
        ? 'behind'
        : 'current';
  return { applied, known: entries.length, status, latest };
}

/** A process refused to start because the database's schema does not match its code. */
export class SchemaMismatch extends ConfigError {
  override name = 'SchemaMismatch';
}

/**
 * Start-up check of web and worker processes: a database ahead of the code stops start-up (an older
 * release must not write to a newer schema); one behind is migrated, under the advisory lock, unless
 * `migrate` is off (STUDIO_MIGRATE=off), when start-up stops asking for `npm run migrate`.
 */
export async function ensureSchema(
  database: Pick<Database, 'db' | 'kind'>,
  databaseUrl: string | undefined,
  opts: { migrate: boolean },
): Promise<SchemaState> {
  const before = await schemaState(database);
  if (before.status === 'ahead') throw aheadError(before);
  if (before.status === 'current') return before;
  if (!opts.migrate) {
    throw new SchemaMismatch(
      `The database is behind this release of Studio: ${before.applied} of its ${before.known} migrations ` +
        `are applied, and STUDIO_MIGRATE=off keeps this process from applying the rest. ` +
        'Run `npm run migrate` (the release step) against this database, then start again.',
    );
  }
  await runMigrations(database, databaseUrl);
  const after = await schemaState(database);
  // Another process may have applied a newer release's migrations while this one waited for the lock.
  if (after.status === 'ahead') throw aheadError(after);
  return after;
}

function aheadError(state: SchemaState): SchemaMismatch {
  return new SchemaMismatch(
    `The database schema is newer than this release of Studio: it records ${state.applied} migrations, ` +
      `this code knows ${state.known} (the newest it ships is ${state.latest}). ` +
      'A newer release has migrated this database; start that release (or restore a backup taken before the ' +
      'migration). This process will not start against it.',
  );
}
