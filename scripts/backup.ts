/**
 * `npm run backup [-- <folder>]`: a backup of the database (one snapshot) and the file store, with a
 * manifest tying them to one point, into a new folder (default `backups/<time>`). docs/operations.md →
 * Backup and restore.
 */
import path from 'node:path';
import { ConfigError, getConfig } from '@/server/config';
import { takeBackup } from '@/server/backup/backup';
import { BackupError } from '@/server/backup/manifest';

async function main(): Promise<void> {
  const config = getConfig();
  const folder = path.resolve(process.argv[2] ?? path.join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
  // pg_dump holds a session (its snapshot): around a pooler, straight to PostgreSQL.
  const manifest = await takeBackup({ ...config, databaseUrl: config.databaseSessionUrl }, folder);
  const { counts, migration } = manifest.database;
  console.log(
    `Backup of the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database at ${manifest.takenAt} ` +
      `(migration ${migration.latest}): ${counts.tenants} tenants, ${counts.jobs} jobs, ${counts.ledger_entries} ledger rows; ` +
      `${manifest.files.count} files (${manifest.files.bytes} bytes) from the ${manifest.files.store === 's3' ? 'bucket' : 'data folder'}. ` +
      `Written to ${folder}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
