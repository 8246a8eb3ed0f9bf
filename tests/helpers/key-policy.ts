import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import type { Context } from '@/server/api/trpc';
import { createCaller } from '@/server/api/root';
import { resolveKey } from '@/server/domain/auth/api-keys';
import type { Identity } from '@/server/domain/auth/identity';
import { CLIENT_ADDRESS_HEADER } from '@/server/edge/http/client-address';
import { AppError } from '@/server/errors';
import { LocalFileStore } from '@/server/storage/store';
import type { Db } from '@/server/db/client';
import { testSecret } from './test-db';

/** A configuration for procedures called with a key in tests (the server secret of the test database). */
export function keyTestConfig(): Config {
  return {
    ...buildConfig(
      parseEnv({ STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-keys-')), STUDIO_SECRET: 'k'.repeat(40) }),
    ),
    secret: testSecret,
  };
}

const files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-keys-files-')), 'http://files.test');

/** The context of a request with `key` from `address`, as the front server would pass it on. */
export async function keyContext(db: Db, config: Config, key: string, address: string): Promise<Context> {
  const resolved = await resolveKey(db, { configured: config.adminKey }, key);
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: address });
  return resolved.ok
    ? { db, config, files, identity: resolved.identity, authFailure: null, headers }
    : { db, config, files, identity: null, authFailure: resolved.reason, headers };
}

/** A caller acting as `identity` (a console session, no key). */
export function sessionCaller(db: Db, config: Config, identity: Identity) {
  return createCaller({ db, config, files, identity, authFailure: null, headers: new Headers() });
}

/** What a call answered: 'ok', or the refusal's status, text and Retry-After. */
export async function outcome(
  call: () => Promise<unknown>,
): Promise<{ status: number; message: string; retryAfter?: number } | 'ok'> {
  try {
    await call();
    return 'ok';
  } catch (err) {
    const cause = err instanceof AppError ? err : (err as { cause?: unknown }).cause;
    if (cause instanceof AppError)
      return {
        status: cause.status,
        message: cause.message,
        ...(cause.retryAfter ? { retryAfter: cause.retryAfter } : {}),
      };
    throw err;
  }
}
