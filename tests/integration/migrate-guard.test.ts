import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { ensureSchema, expectedMigrationCount, SchemaMismatch, schemaState } from '@/server/db/migrate';
import { createTestDatabase, withDatabase } from '../helpers/test-db';

/** A database with no migrations applied: PostgreSQL's when DATABASE_URL is set, else in-memory PGlite. */
async function emptyDatabase(): Promise<{
  database: Pick<Database, 'db' | 'kind'>;
  url: string | undefined;
  close: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const name = `studio_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = withDatabase(base, name);
    const client = postgres(url, { max: 2, onnotice: () => {} });
    return {
      database: { db: drizzle(client) as never, kind: 'postgres' },
      url,
      async close() {
        await client.end({ timeout: 5 });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end({ timeout: 5 });
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  return { database: { db: drizzle(client) as never, kind: 'pglite' }, url: undefined, close: () => client.close() };
}

// Each test migrates a fresh database from nothing (every migration, on PGlite in-process): seconds on a quiet
// machine, much longer on a busy one.
describe('the schema guard at start-up', () => {
  it('refuses, with a clear message, a database that a newer release has migrated', async () => {
    const t = await createTestDatabase();
    try {
      expect(await ensureSchema(t, t.url, { migrate: true })).toMatchObject({
        status: 'current',
        applied: expectedMigrationCount(),
      });
      // A newer release's migration: recorded with a timestamp past every one this code ships.
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Date.now() + 86_400_000 * 365 * 10})`,
      );
      expect((await schemaState(t)).status).toBe('ahead');
      for (const migrate of [true, false]) {
        const err = await ensureSchema(t, t.url, { migrate }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SchemaMismatch);
        expect((err as Error).message).toMatch(/database schema is newer than this release of Studio/);
        expect((err as Error).message).toContain(`this code knows ${expectedMigrationCount()}`);
      }
    } finally {
      await t.close();
    }
  }, 120_000);

  it('migrates a database behind the code, or with STUDIO_MIGRATE=off refuses and names npm run migrate', async () => {
    const empty = await emptyDatabase();
    try {
      expect(await schemaState(empty.database)).toMatchObject({ status: 'behind', applied: 0 });
      const refused = await ensureSchema(empty.database, empty.url, { migrate: false }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SchemaMismatch);
      expect((refused as Error).message).toMatch(
        /behind this release.*0 of its \d+ migrations.*STUDIO_MIGRATE=off.*npm run migrate/s,
      );
      // Nothing was applied by the refusal.
      expect((await schemaState(empty.database)).applied).toBe(0);

      expect(await ensureSchema(empty.database, empty.url, { migrate: true })).toMatchObject({
        status: 'current',
        applied: expectedMigrationCount(),
      });
      // A second start finds nothing to do.
      expect((await ensureSchema(empty.database, empty.url, { migrate: false })).status).toBe('current');
    } finally {
      await empty.close();
    }
  }, 120_000);
});
