import path from 'node:path';
import type { Config } from '@/server/config';
import { S3FileStore } from './s3';
import { LocalFileStore, type FileStore } from './store';

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else the data folder. */
export function createFileStore(config: Pick<Config, 's3' | 'dataDir' | 'imageHost'>): FileStore {
  return config.s3
    ? new S3FileStore(config.s3)
    : new LocalFileStore(path.join(config.dataDir, 'files'), config.imageHost);
}

const STORE_KEY = Symbol.for('studio.fileStore');
type GlobalWithStore = typeof globalThis & { [STORE_KEY]?: { config: Config; store: FileStore } };

/** One store per process (an S3 client keeps its connections), shared by Next.js route bundles. */
export function fileStoreFor(config: Config): FileStore {
  const g = globalThis as GlobalWithStore;
  if (g[STORE_KEY]?.config !== config) g[STORE_KEY] = { config, store: createFileStore(config) };
  return g[STORE_KEY].store;
}
