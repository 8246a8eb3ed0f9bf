import { buildConfig, parseEnv, type Config } from '@/server/config';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  const client = await PGlite.create({ loadDataDir: await migratedDataDir() });
  const pdb = drizzle(client, { schema, casing: 'snake_case' });
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

/**
 * An embedded database with every committed migration applied, as a data-folder archive. Creating one
 * (initdb inside PGlite) and migrating it is most of a test file's set-up; the archive is made once per
 * set of migrations (named by their digest, in the system's temporary folder) and each test database
 * starts from a copy of it.
 */
async function migratedDataDir(): Promise<Blob> {
  const digest = createHash('sha256');
  for (const name of readdirSync(migrationsFolder).sort()) {
    if (name.endsWith('.sql')) digest.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  digest.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  const archive = path.join(os.tmpdir(), `studio-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(archive)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed: files starting at once never read a half-written archive.
    const partial = `${archive}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, archive);
  }
  return new Blob([readFileSync(archive)]);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
