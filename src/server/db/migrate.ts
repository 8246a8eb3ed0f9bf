import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

export const migrationsFolder = path.join(process.cwd(), 'drizzle');
// An arbitrary constant that names Studio's migration lock among advisory locks.
const MIGRATION_LOCK_ID = 7_310_442_001;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.length;
}

/**
 * Applies pending migrations. Drizzle's migrator takes no lock, so on PostgreSQL several instances
 * starting at once serialise on an advisory lock held by a dedicated connection.
 */
export async function runMigrations(database: Pick<Database, 'db' | 'kind'>, databaseUrl: string | undefined): Promise<void> {
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
