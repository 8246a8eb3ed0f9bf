import { buildConfig, parseEnv, type Config } from '@/server/config';
import { randomBytes } from 'node:crypto';
import type { Database, Db } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { migrationsFolder, runMigrations } from '@/server/db/migrate';

export interface TestDatabase extends Database {
  db: Db;
  url: string | undefined;
}

export const testSecret = randomBytes(32);

/** The configuration of a test that runs jobs: the defaults, with the test secret. */
export const testConfig = (): Config => ({
  ...buildConfig(parseEnv({ PUBLIC_BASE_URL: 'http://studio.test', IMAGE_HOST: 'http://files.test' })),
  secret: testSecret,
});

/** A fresh, migrated database: a new PostgreSQL database when DATABASE_URL is set, else in-memory PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const name = `studio_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = withDatabase(base, name);
    const client = postgres(url, { max: 20, onnotice: () => {} });
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await runMigrations({ db, kind: 'postgres' }, url);
    return {
      db,
      kind: 'postgres',
      url,
      async listen(channel, onPayload, onListen) {
        const sub = await client.listen(channel, onPayload, onListen);
        return () => sub.unlisten();
      },
      async close() {
        await client.end({ timeout: 5 });
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end({ timeout: 5 });
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  const pdb = drizzle(client, { schema, casing: 'snake_case' });
  await migrate(pdb, { migrationsFolder });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    url: undefined,
    listen: async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return unlisten;
    },
    close: () => client.close(),
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
