import { ConfigError, getConfig } from '../server/config';
import { closeDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { getRuntime } from '../server/runtime';
import { startWorker } from './runner';
import { recurringTasksFor } from './tasks';

/** The worker as its own process (PostgreSQL only; embedded mode runs it inside `npm start`). */
async function main(): Promise<void> {
  const config = getConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database allows one process per data folder, and `npm start` already runs the worker inside it.',
    );
    process.exit(1);
  }
  const rt = await getRuntime();
  await runMigrations(rt.database, config.databaseUrl);
  const worker = await startWorker(rt, recurringTasksFor(config));
  const shutdown = async (signal: string) => {
    console.log(`${signal}: draining the worker`);
    await worker.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
