import { getConfig, type Config } from './config';
import path from 'node:path';
import { getDatabase, type Database, type Db } from './db/client';
import { LocalFileStore, type FileStore } from './storage/store';

export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
}

/** Configuration and the shared database handle of this process. */
export async function getRuntime(): Promise<Runtime> {
  const config = getConfig();
  const database = await getDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const files = new LocalFileStore(path.join(config.dataDir, 'files'), config.imageHost);
  return { config, database, db: database.db, files };
}
