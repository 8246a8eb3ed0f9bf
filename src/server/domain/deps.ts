import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { FileStore } from '@/server/storage/store';

/**
 * What a domain operation works with. Operations take `(deps, who, input)`: the parts of `Deps` they
 * use (`Pick<Deps, 'db' | 'config'>`), the acting identity narrowed to who may call them, and the
 * request body as its contract parses it. The procedures' context satisfies `Deps`, so a procedure
 * passes `ctx` as it is. Building blocks that run inside a caller's transaction take `(tx, …)`.
 */
export interface Deps {
  db: Db;
  config: Config;
  files: FileStore;
}
