/**
 * `npm run restore -- <folder>`: brings a backup (`npm run backup`) back into the EMPTY database and
 * store the configuration names (DATABASE_URL or STUDIO_DATA_DIR, S3_* or the data folder), then
 * checks the restored rows and files against its manifest. docs/operations.md → Backup and restore.
 */
import path from 'node:path';
import { ConfigError, getConfig, parseEnv } from '@/server/config';
import { BackupError } from '@/server/backup/manifest';
import { restoreBackup, restoreSecret } from '@/server/backup/restore';

async function main(): Promise<void> {
  const from = process.argv[2];
  if (!from) throw new BackupError('Name the backup folder: npm run restore -- <folder>');
  const folder = path.resolve(from);
  // Before the configuration is built: building it would generate a new secret in an empty data folder.
  const env = parseEnv(process.env);
  await restoreSecret(folder, path.resolve(env.STUDIO_DATA_DIR), Boolean(env.STUDIO_SECRET));
  const config = getConfig();
  // pg_restore runs as one session: around a pooler, straight to PostgreSQL.
  const report = await restoreBackup(folder, { ...config, databaseUrl: config.databaseSessionUrl });
  const { counts } = report;
  console.log(
    `Restored the backup of ${report.manifest.takenAt}: ${counts.tenants} tenants, ${counts.jobs} jobs, ` +
      `${counts.ledger_entries} ledger rows, ${counts.uploads} uploads and ${report.files} files, as the manifest counts. ` +
      `Start Studio on it (npm start); its migrations run from ${report.manifest.database.migration.latest}.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
