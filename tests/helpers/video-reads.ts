import type { Db } from '../../src/server/db/client';
import type { ScopedIdentity } from '../../src/server/domain/auth/identity';
import { readVideos } from '../../src/server/domain/videos/read';

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
  const finished = (who: ScopedIdentity, id: string, ms?: number) => waitFor(() => taskOf(who, id), (v) => v.job_status !== 'pending', ms);
  return { taskOf, finished };
}
