import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
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
  /**
   * PostgreSQL itself when `databaseUrl` is a pooler in transaction mode: queries go through the
   * pooler without named prepared statements (a pooler hands each transaction to any server
   * connection, where a statement prepared on another is unknown), and LISTEN, which needs a session
   * of its own, goes here.
   */
  directUrl?: string;
  dataDir: string;
  /** Connections in the pool (PostgreSQL only). */
  max?: number;
}

/** Connections a process's pool may open to PostgreSQL (studio_db_pool_max). */
export const DEFAULT_POOL_MAX = 20;

/**
 * PostgreSQL settings of the embedded database, given on every start (they override the folder's
 * postgresql.conf, so a folder made by an older release gets them too) and written into a new
 * folder's postgresql.conf. PGlite's PostgreSQL lives in one WebAssembly memory, which never shrinks:
 * PostgreSQL's default shared_buffers (128 MB) grew it to 189 MB, 150–165 MB of it resident. The data
 * files are read through the operating system's page cache in any case, so 16 MB of buffers costs no
 * measurable CPU (bench:embedded: the same requests per CPU second) and leaves ~30 MB resident.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '16MB' };

/** PGlite's options for a folder: its default start parameters, and EMBEDDED_SETTINGS. */
export function embeddedOptions(defaultStartParams: readonly string[]): {
  startParams: string[];
  initDbStartParams: string[];
} {
  const settings = Object.entries(EMBEDDED_SETTINGS).map(([name, value]) => `${name}=${value}`);
  return {
    startParams: [...defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
    initDbStartParams: settings.flatMap((s) => ['--set', s]),
  };
}

/**
 * Makes a new embedded database folder (PostgreSQL's initdb) in a short-lived process of its own.
 * Done in this process, initdb runs a second PGlite beside the first and copies its 128 MB memory,
 * and the allocator keeps what that freed: start-up peaked at 1 GB resident and ~140 MB more stayed
 * resident for the life of the process. A child gives all of it back when it exits.
 */
async function createEmbeddedFolder(dir: string, options: object): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], JSON.parse(process.argv[3])).then((pg) => pg.close()).catch((err) => { console.error(err); process.exit(1); });`;
  try {
    await promisify(execFile)(process.execPath, ['-e', script, pglite, dir, JSON.stringify(options)], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, { cause: err });
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const common = {
      onnotice: () => {},
      // A database that does not answer fails requests within seconds (503), rather than holding them for the default 30 s.
      connect_timeout: 10,
      // Named, so the metrics can tell Studio's connections from others' in pg_stat_activity.
      connection: { application_name: 'studio' },
    };
    const pooled = opts.directUrl !== undefined;
    const client = postgres(opts.databaseUrl, {
      ...common,
      max: opts.max ?? DEFAULT_POOL_MAX,
      // Through a pooler in transaction mode every statement is sent unnamed (parsed each time).
      ...(pooled ? { prepare: false } : {}),
    });
    // LISTEN holds a session: over the pooler it would be on whichever server connection the pooler
    // picked, and notifications would not reach this process. postgres.js listens on one connection
    // of its own, opened on the first listen.
    const listener = opts.directUrl ? postgres(opts.directUrl, { ...common, max: 1 }) : client;
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async listen(channel, onPayload, onListen) {
        const sub = await listener.listen(channel, onPayload, onListen);
        return () => sub.unlisten();
      },
      close: async () => {
        await client.end({ timeout: 5 });
        if (listener !== client) await listener.end({ timeout: 5 });
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = path.join(opts.dataDir, 'pg');
  // PGlite does not create parent folders itself.
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(opts.dataDir);
  const options = embeddedOptions(PGlite.defaultStartParams);
  let client: InstanceType<typeof PGlite>;
  try {
    // PGlite runs initdb when the folder has no PG_VERSION; that is done apart (see createEmbeddedFolder).
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await createEmbeddedFolder(dir, options);
    client = await PGlite.create(dir, options);
  } catch (err) {
    unlock();
    throw err;
  }
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
