import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '@/server/config';
import { dumpEmbedded, dumpPostgres, type SnapshotReader } from './database';
import { copyStoreOut, type StoreTarget } from './files';
import { BackupError, FILES_FOLDER, SECRET_FILE, sha256File, writeManifest, type Manifest } from './manifest';

/** Where a Studio keeps its data: the configuration's DATABASE_URL, STUDIO_DATA_DIR and S3 settings. */
export interface Installation {
  databaseUrl: string | undefined;
  dataDir: string;
  s3: S3Settings | null;
}

export function storeOf(installation: Installation): StoreTarget {
  return installation.s3
    ? { kind: 's3', s3: installation.s3 }
    : { kind: 'local', root: path.join(installation.dataDir, 'files') };
}

export interface BackupOptions {
  /** Runs inside the PostgreSQL snapshot the dump is taken from (the restore drill reads the backup point). */
  onSnapshot?: SnapshotReader;
}

/**
 * Writes a backup into the folder `into` (new or empty): the database first (one snapshot), then every
 * file present in the store after it, then the generated secret when the data folder has one, and last
 * `manifest.json` — a folder without a manifest is an unfinished backup.
 */
export async function takeBackup(source: Installation, into: string, options: BackupOptions = {}): Promise<Manifest> {
  if (existsSync(into) && (await readdir(into)).length > 0)
    throw new BackupError(`${into} is not empty: a backup is written into a new folder.`);
  await mkdir(into, { recursive: true });
  const takenAt = new Date().toISOString();
  const kind = source.databaseUrl ? 'postgres' : 'pglite';
  const file = kind === 'postgres' ? 'database.dump' : 'database.tar.gz';
  const dumpFile = path.join(into, file);
  const snapshot = source.databaseUrl
    ? await dumpPostgres(source.databaseUrl, dumpFile, options.onSnapshot)
    : await dumpEmbedded(source.dataDir, dumpFile);
  const store = storeOf(source);
  const entries = await copyStoreOut(store, path.join(into, FILES_FOLDER));
  const secret = path.join(source.dataDir, SECRET_FILE);
  const secretKey = existsSync(secret);
  if (secretKey) await copyFile(secret, path.join(into, SECRET_FILE));
  const manifest: Manifest = {
    format: 1,
    takenAt,
    database: { kind, file, sha256: await sha256File(dumpFile), ...snapshot },
    files: { store: store.kind, count: entries.length, bytes: entries.reduce((n, e) => n + e.size, 0), entries },
    secretKey,
  };
  await writeManifest(into, manifest);
  return manifest;
}
