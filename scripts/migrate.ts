/**
 * `npm run migrate`: the release step. Applies the pending migrations under the advisory lock (the
 * same one starting processes take), whatever STUDIO_MIGRATE says, and refuses a database that a newer
 * release already migrated. Exit 0 when the schema is current.
 */
import { ConfigError, getConfig } from '@/server/config';
import { SchemaMismatch, schemaState, runMigrations } from '@/server/db/migrate';
import { closeDatabase } from '@/server/db/client';
import { getRuntime } from '@/server/runtime';

async function main(): Promise<number> {
  const config = getConfig();
  const rt = await getRuntime();
  const before = await schemaState(rt.database);
  if (before.status === 'ahead') {
    console.error(
      `The database records ${before.applied} migrations, this release knows ${before.known}: a newer release has migrated it. Nothing was changed.`,
    );
    return 1;
  }
  if (before.status === 'current') {
    console.log(
      `The database schema is current (${before.applied} migrations; newest ${before.latest}). Nothing to do.`,
    );
    return 0;
  }
  await runMigrations(rt.database, config.databaseSessionUrl);
  const after = await schemaState(rt.database);
  if (after.status !== 'current')
    throw new SchemaMismatch(
      `After migrating, the database is ${after.status} (${after.applied} of ${after.known} migrations).`,
    );
  console.log(
    `Applied ${after.applied - before.applied} migration(s): ${after.applied} of ${after.known}, newest ${after.latest}. The schema is current.`,
  );
  return 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    await closeDatabase().catch(() => {});
    process.exit(1);
  });
