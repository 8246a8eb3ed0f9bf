import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { embeddedOptions } from '@/server/db/client';
import { lockDataDir } from '@/server/db/data-dir-lock';
import { migrationsFolder } from '@/server/db/migrate';
import { BackupError, COUNTED_TABLES, type Counts, type Manifest } from './manifest';

type Query = (text: string) => Promise<Record<string, unknown>[]>;
type Migration = Manifest['database']['migration'];

/** What a database part of a backup records about its snapshot. */
export interface Snapshot {
  migration: Migration;
  counts: Counts;
}

/** The transaction a PostgreSQL backup holds its snapshot in: a drill reads what the backup point holds through it. */
export type SnapshotReader = (tx: postgres.TransactionSql) => Promise<void>;

const run = promisify(execFile);

async function program(name: string, args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(`${name} is not installed: install PostgreSQL's client programs (postgresql-client).`);
    throw new BackupError(`${name} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

export async function countRows(query: Query): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of COUNTED_TABLES) {
    const [row] = await query(`select count(*)::int as n from ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The newest applied migration, named by its tag in the journal (drizzle records its timestamp). */
async function migrationOf(query: Query): Promise<Migration> {
  const [row] = await query(
    'select count(*)::int as n, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations',
  );
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = Number(row?.last ?? 0);
  return {
    applied: Number(row?.n ?? 0),
    latest: journal.entries.find((e) => e.when === last)?.tag ?? `(unknown: ${last})`,
  };
}

/**
 * A custom-format pg_dump taken from one snapshot: a repeatable-read transaction exports its snapshot,
 * the manifest's counts are read in it and pg_dump dumps exactly it, so the counts describe the dump.
 */
export async function dumpPostgres(url: string, file: string, onSnapshot?: SnapshotReader): Promise<Snapshot> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [row] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      const query: Query = (text) => tx.unsafe(text);
      const snapshot = { counts: await countRows(query), migration: await migrationOf(query) };
      await onSnapshot?.(tx);
      await program('pg_dump', [
        '--format=custom',
        `--snapshot=${row?.snapshot ?? ''}`,
        '--no-owner',
        '--no-acl',
        `--file=${file}`,
        `--dbname=${url}`,
      ]);
      return snapshot;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Tables outside PostgreSQL's own schemas: a database to restore into must have none. */
async function postgresTables(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;
    return row?.n ?? 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function checkPostgresEmpty(url: string): Promise<void> {
  const tables = await postgresTables(url);
  if (tables > 0)
    throw new BackupError(
      `The database ${new URL(url).pathname.slice(1)} is not empty (${tables} tables). A restore goes into an empty ` +
        'database: create one (createdb) and point DATABASE_URL at it.',
    );
}

export async function restorePostgres(url: string, file: string): Promise<Counts> {
  await program('pg_restore', [
    '--no-owner',
    '--no-acl',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await countRows((text) => sql.unsafe(text));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const embeddedFolder = (dataDir: string) => path.join(dataDir, 'pg');

/**
 * The embedded database's data folder as a gzipped tar (PGlite's dumpDataDir). PGlite is one
 * process's: the backup takes the folder's lock, so Studio must be stopped while it runs (seconds).
 */
export async function dumpEmbedded(dataDir: string, file: string): Promise<Snapshot> {
  const dir = embeddedFolder(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(
      `${dir} holds no embedded database: set STUDIO_DATA_DIR (or DATABASE_URL) to the one to back up.`,
    );
  const unlock = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dir, embeddedOptions(PGlite.defaultStartParams));
    try {
      const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      const snapshot = { counts: await countRows(query), migration: await migrationOf(query) };
      const dump = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
      return snapshot;
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

export function checkEmbeddedEmpty(dataDir: string): void {
  const dir = embeddedFolder(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(
      `${dir} already holds an embedded database. A restore goes into an empty data folder: point STUDIO_DATA_DIR at a new one.`,
    );
}

export async function restoreEmbedded(dataDir: string, file: string): Promise<Counts> {
  const dir = embeddedFolder(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dir, {
      ...embeddedOptions(PGlite.defaultStartParams),
      loadDataDir: new Blob([await readFile(file)]),
    });
    try {
      return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}
