import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database handle or an open transaction: every domain function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * LISTEN on a channel (pg_notify from any process on PostgreSQL; this process on PGlite). Returns
   * unlisten. `onListen` runs each time the listening connection is (re)established: notifications
   * sent while it was down are lost, so a cache kept by notifications must be dropped then.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Connections in the pool (PostgreSQL only). */
  max?: number;
}

/** Connections a process's pool may open to PostgreSQL (studio_db_pool_max). */
export const DEFAULT_POOL_MAX = 20;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(opts.databaseUrl, {
      max: opts.max ?? DEFAULT_POOL_MAX,
      onnotice: () => {},
      // A database that does not answer fails requests within seconds (503), rather than holding them for the default 30 s.
      connect_timeout: 10,
      // Named, so the metrics can tell Studio's connections from others' in pg_stat_activity.
      connection: { application_name: 'studio' },
    });
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async listen(channel, onPayload, onListen) {
        const sub = await client.listen(channel, onPayload, onListen);
        return () => sub.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(opts.dataDir, 'pg');
  // PGlite does not create parent folders itself.
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(opts.dataDir);
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload, onListen) {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return unlisten;
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

const DB_KEY = Symbol.for('studio.database');
type GlobalWithDb = typeof globalThis & { [DB_KEY]?: Promise<Database> };

/**
 * The process-wide database. It lives on globalThis because the launcher and the Next.js bundle
 * load this module separately, and two PGlite instances on one folder would lose data.
 */
export function getDatabase(opts: OpenOptions): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  g[DB_KEY] ??= openDatabase(opts);
  return g[DB_KEY];
}

export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[DB_KEY];
  g[DB_KEY] = undefined;
  if (pending) await (await pending).close();
}
