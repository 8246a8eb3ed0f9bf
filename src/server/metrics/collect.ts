import { sql } from 'drizzle-orm';
import type { Database, Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { logger } from '@/server/logger';
import { metrics } from './registry';

/** Database-wide gauges are read at most this often, whatever the scrape rate and however many scrapers. */
const CACHE_MS = 5_000;

interface Snapshot {
  at: number;
  queues: { queue: string; ready: number; running: number; scheduled: number; oldest: number | null }[];
  pending: { kind: string; n: number }[];
  connections: { state: string; n: number }[] | null;
}

const SNAPSHOT_KEY = Symbol.for('studio.metrics.snapshot');
type GlobalWithSnapshot = typeof globalThis & { [SNAPSHOT_KEY]?: { db: Db; value: Promise<Snapshot> } };

async function read(db: Db, kind: Database['kind']): Promise<Snapshot> {
  // The tasks table holds live work only (finished tasks are deleted), so this scan stays small.
  const queues = rowsOf<{ queue: string; ready: number; running: number; scheduled: number; oldest: number | null }>(
    await db.execute(sql`
      select queue,
             count(*) filter (where (locked_until is null or locked_until < now()) and run_at <= now())::int as ready,
             count(*) filter (where locked_until >= now())::int as running,
             count(*) filter (where (locked_until is null or locked_until < now()) and run_at > now())::int as scheduled,
             extract(epoch from now() - min(run_at) filter (where (locked_until is null or locked_until < now()) and run_at <= now()))::float8 as oldest
        from tasks group by queue`),
  );
  // Pending jobs have their own partial index.
  const pending = rowsOf<{ kind: string; n: number }>(
    await db.execute(sql`select kind, count(*)::int as n from jobs where status = 'pending' group by kind`),
  );
  let connections: Snapshot['connections'] = null;
  if (kind === 'postgres') {
    try {
      connections = rowsOf<{ state: string; n: number }>(
        await db.execute(sql`
          select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name like 'studio%' group by 1`),
      );
    } catch (err) {
      logger.debug({ err }, 'pg_stat_activity is not readable; studio_db_connections left out');
    }
  }
  return { at: Date.now(), queues, pending, connections };
}

function snapshot(database: Pick<Database, 'db' | 'kind'>): Promise<Snapshot> {
  const g = globalThis as GlobalWithSnapshot;
  const cached = g[SNAPSHOT_KEY];
  if (cached && cached.db === database.db) {
    const fresh = cached.value.then(
      (s) => Date.now() - s.at < CACHE_MS,
      () => false,
    );
    return fresh.then((ok) => (ok ? cached.value : refresh()));
  }
  return refresh();
  function refresh(): Promise<Snapshot> {
    const value = read(database.db, database.kind);
    g[SNAPSHOT_KEY] = { db: database.db, value };
    return value;
  }
}

/** The whole registry as Prometheus text, database gauges refreshed first (cached for a few seconds). */
export async function renderMetrics(
  database: Pick<Database, 'db' | 'kind'>,
  poolMax: number | null,
): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  try {
    const s = await snapshot(database);
    m.queueTasks.reset();
    m.queueOldestReady.reset();
    for (const q of s.queues) {
      m.queueTasks.set({ queue: q.queue, state: 'ready' }, q.ready);
      m.queueTasks.set({ queue: q.queue, state: 'running' }, q.running);
      m.queueTasks.set({ queue: q.queue, state: 'scheduled' }, q.scheduled);
      m.queueOldestReady.set({ queue: q.queue }, Math.max(0, q.oldest ?? 0));
    }
    m.jobsPending.reset();
    for (const kind of ['image', 'video', 'template']) m.jobsPending.set({ kind }, 0);
    for (const p of s.pending) m.jobsPending.set({ kind: p.kind }, p.n);
    m.dbConnections.reset();
    for (const c of s.connections ?? []) m.dbConnections.set({ state: c.state }, c.n);
  } catch (err) {
    // The process metrics still answer; the database gauges keep their last values.
    logger.warn({ err }, 'could not read the database gauges for metrics');
  }
  if (poolMax !== null) m.dbPoolMax.set(poolMax);
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
