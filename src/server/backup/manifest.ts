import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Rows counted in the database's snapshot and checked again after a restore. */
export const COUNTED_TABLES = ['tenants', 'jobs', 'ledger_entries', 'uploads'] as const;
export type Counts = Record<(typeof COUNTED_TABLES)[number], number>;

/** One stored file of the backup: its key in the store, size and SHA-256. */
export interface FileEntry {
  key: string;
  size: number;
  sha256: string;
}

/**
 * `manifest.json` of a backup folder: what ties the database's snapshot and the copied files to one
 * point. The database part is taken first; the files copied after it are every file present then, so
 * each file a row of the snapshot names is there (files written later are harmless extras).
 */
export interface Manifest {
  format: 1;
  /** When the database snapshot was taken (ISO 8601). */
  takenAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** `database.dump` (pg_dump custom format) or `database.tar.gz` (the embedded data folder). */
    file: string;
    sha256: string;
    /** The newest migration applied in the snapshot (its tag in drizzle/meta/_journal.json) and how many. */
    migration: { latest: string; applied: number };
    counts: Counts;
  };
  files: {
    store: 'local' | 's3';
    count: number;
    bytes: number;
    entries: FileEntry[];
  };
  /** True when the data folder's generated secret (`secret.key`) is in the backup. */
  secretKey: boolean;
}

export const MANIFEST_FILE = 'manifest.json';
export const FILES_FOLDER = 'files';
export const SECRET_FILE = 'secret.key';

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} is not a Studio backup: it has no ${MANIFEST_FILE}.`);
  }
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${dir}: backup format ${String(manifest.format)} is not known.`);
  return manifest;
}

/** A refusal to back up or restore, with a message for the operator (no stack trace needed). */
export class BackupError extends Error {
  override name = 'BackupError';
}
