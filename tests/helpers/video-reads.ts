import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { runVideoJob } from '@/server/domain/videos/run';
import { QUEUES } from '@/server/queue/queue';
import { checkHandlers } from '@/server/domain/jobs/kinds';
import { startLanes } from '@/server/queue/lanes';
import { VIDEO_CLAIM_READ } from '@/server/domain/videos/claimed';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { serveDir } from './file-server';
import { testSecret, type TestDatabase } from './test-db';
import type { Db } from '@/server/db/client';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { readVideos } from '@/server/domain/videos/read';

/** Reads `read` until `ok` holds or `ms` pass; answers the last value read (the test then asserts on it). */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 40));
    v = await read();
  }
  return v;
}

/** A video task as its caller reads it, and a wait for its end. */
export function videoReads(db: () => Db) {
  const taskOf = async (who: ScopedIdentity, id: string) => {
    const r = await readVideos({ db: db() }, who, { id });
    if (!('task' in r)) throw new Error('no task');
    return r.task;
  };
  const finished = (who: ScopedIdentity, id: string, ms?: number) =>
    waitFor(
      () => taskOf(who, id),
      (v) => v.job_status !== 'pending',
      ms,
    );
  return { taskOf, finished };
}

/**
 * A video test file's world: a configuration with fast polls and a high rate limit, a file store, and
 * a queue worker running video jobs against it. Tests change `config.video` in place; the worker reads it
 * at every run. `serveFiles`: the store's files served over HTTP (closed by `closeFiles`), for providers
 * that read the caller's inputs themselves.
 */
export async function startVideoWorker(t: TestDatabase, name: string, concurrency: number, serveFiles = false) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `studio-${name}-`));
  const config: Config = {
    ...buildConfig(
      parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_VIDEO_RATE_PER_HOUR: '1000' }),
    ),
    secret: testSecret,
    allowPrivateCallbacks: true,
  };
  config.video = { ...config.video, pollFirstMs: 50, pollMaxMs: 200 };
  const filesDir = path.join(dir, 'files');
  const served = serveFiles ? await serveDir(filesDir) : null;
  const files = new LocalFileStore(filesDir, served?.url ?? 'http://studio.test');
  const worker = await startVideoLanes(t, config, files, concurrency);
  return { config, files, filesDir, worker, closeFiles: async () => served?.close() };
}

/** The worker's two video lanes (src/worker/runner.ts): creations in `video.job`, status checks in `video.check`. */
export function startVideoLanes(t: TestDatabase, config: Config, files: FileStore, concurrency: number) {
  const contextOf = (signal: AbortSignal) => ({
    db: t.db,
    config,
    files,
    signal,
    retryDelayMs: () => 5,
    random: () => 0,
  });
  return startLanes(t, [
    {
      concurrency,
      pollMs: 50,
      read: VIDEO_CLAIM_READ,
      handlers: { [QUEUES.videoJob]: (task, ctx) => runVideoJob(contextOf(ctx.signal), task) },
    },
    { concurrency, pollMs: 50, read: VIDEO_CLAIM_READ, handlers: checkHandlers(contextOf) },
  ]);
}
