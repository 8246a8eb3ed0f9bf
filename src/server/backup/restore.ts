import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { storeOf, type Installation } from './backup';
import { checkEmbeddedEmpty, checkPostgresEmpty, restoreEmbedded, restorePostgres } from './database';
import { checkStoreEmpty, copyStoreIn } from './files';
import {
  BackupError,
  FILES_FOLDER,
  readManifest,
  SECRET_FILE,
  sha256File,
  type Counts,
  type Manifest,
} from './manifest';

export interface RestoreReport {
  manifest: Manifest;
  counts: Counts;
  files: number;
}

/**
 * Puts the backup's generated secret into a data folder that has none, before the configuration is
 * built (which would generate a new one). Stored upstream keys and sessions need the backup's secret;
 * with STUDIO_SECRET set the operator keeps that value instead.
 */
export async function restoreSecret(from: string, dataDir: string, secretFromEnv: boolean): Promise<void> {
  const manifest = await readManifest(from);
  if (!manifest.secretKey || secretFromEnv) return;
  const target = path.join(dataDir, SECRET_FILE);
  const source = path.join(from, SECRET_FILE);
  if (existsSync(target)) {
    if (readFileSync(target, 'utf8').trim() !== readFileSync(source, 'utf8').trim())
      throw new BackupError(
        `${target} holds another secret than the backup's: restore into a new data folder (stored keys need the backup's secret).`,
      );
    return;
  }
  await mkdir(dataDir, { recursive: true });
  await copyFile(source, target);
}

/**
 * Restores a backup folder into an empty database and an empty store (both are checked before
 * anything is written), then checks the restored rows and files against the manifest.
 */
export async function restoreBackup(from: string, target: Installation): Promise<RestoreReport> {
  const manifest = await readManifest(from);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
        : 'This backup is of the embedded database: unset DATABASE_URL and set STUDIO_DATA_DIR to a new folder to restore it.',
    );
  const dumpFile = path.join(from, manifest.database.file);
  if ((await sha256File(dumpFile)) !== manifest.database.sha256)
    throw new BackupError(`${dumpFile} does not match the manifest's checksum: the backup is damaged.`);
  const store = storeOf(target);
  if (target.databaseUrl) await checkPostgresEmpty(target.databaseUrl);
  else checkEmbeddedEmpty(target.dataDir);
  await checkStoreEmpty(store);

  const counts = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, dumpFile)
    : await restoreEmbedded(target.dataDir, dumpFile);
  const back = await copyStoreIn(store, path.join(from, FILES_FOLDER), manifest.files.entries);

  const problems: string[] = [];
  for (const [table, expected] of Object.entries(manifest.database.counts)) {
    const got = counts[table as keyof Counts];
    if (got !== expected) problems.push(`${table}: ${got} rows restored, the backup holds ${expected}`);
  }
  const restored = new Map(back.map((e) => [e.key, e]));
  const bad = manifest.files.entries.filter((e) => {
    const got = restored.get(e.key);
    return !got || got.sha256 !== e.sha256 || got.size !== e.size;
  });
  if (bad.length) problems.push(`${bad.length} files missing or different after the restore (first: ${bad[0]?.key})`);
  if (problems.length) throw new BackupError(`The restore does not match the backup:\n  ${problems.join('\n  ')}`);
  return { manifest, counts, files: back.length };
}
