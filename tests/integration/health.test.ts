import { describe, expect, it } from 'vitest';
import { migrationsApplied, runMigrations } from '@/server/db/migrate';

describe('readiness', () => {
  it('reports migrations as applied only after they ran', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = await PGlite.create();
    const database = { db: drizzle(client) as never, kind: 'pglite' as const };
    expect(await migrationsApplied(database)).toBe(false);
    await runMigrations(database, undefined);
    expect(await migrationsApplied(database)).toBe(true);
    await client.close();
  });
});
