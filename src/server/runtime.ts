import { getConfig, type Config } from './config';
import { getDatabase, type Database, type Db } from './db/client';
import { fileStoreFor } from './storage';
import type { FileStore } from './storage/store';

export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
}

/** Configuration and the shared database handle of this process. */
export async function getRuntime(): Promise<Runtime> {
  const config = getConfig();
  const database = await getDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databasePooled ? config.databaseSessionUrl : undefined,
    dataDir: config.dataDir,
  });
  const files = fileStoreFor(config);
  return { config, database, db: database.db, files };
}
