import { getConfig, type Config } from './config';
import { getDatabase, type Database, type Db } from './db/client';

export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
}

/** Configuration and the shared database handle of this process. */
export async function getRuntime(): Promise<Runtime> {
  const config = getConfig();
  const database = await getDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return { config, database, db: database.db };
}
