import { getConfig } from '../server/config';
import { runMigrations } from '../server/db/migrate';
import { runProcess } from '../server/lifecycle';
import { getRuntime } from '../server/runtime';
import { startWorker } from './runner';
import { recurringTasksFor } from './tasks';

/** The worker as its own process (PostgreSQL only; embedded mode runs it inside `npm start`). */
async function main() {
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
  return {
    async stop(signal: string) {
      console.log(`${signal}: draining the worker`);
      await worker.stop();
    },
  };
}

runProcess(main);
