import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Studio's Prometheus metrics (docs/operations.md → Metrics). One registry per process, kept on
 * globalThis: the launcher, the worker and the Next.js bundle load this module separately and must
 * count into the same series. Labels stay few and bounded: operations are route templates, never raw
 * paths or ids; channels are upstream names, seen only by the operator.
 */
export interface StudioMetrics {
  registry: Registry;
  httpRequests: Counter<'operation' | 'status'>;
  httpDuration: Histogram<'operation' | 'status'>;
  jobEvents: Counter<'kind' | 'status'>;
  jobsPending: Gauge<'kind'>;
  queueTasks: Gauge<'queue' | 'state'>;
  queueOldestReady: Gauge<'queue'>;
  upstreamAttempts: Counter<'channel' | 'outcome'>;
  upstreamDuration: Histogram<'channel' | 'outcome'>;
  callbackDeliveries: Counter<'outcome'>;
  credits: Counter<'kind' | 'category'>;
  sseConnections: Gauge<'stream'>;
  dbConnections: Gauge<'state'>;
  dbPoolMax: Gauge;
  drainReleased: Counter<'queue'>;
}

const METRICS_KEY = Symbol.for('studio.metrics');
type GlobalWithMetrics = typeof globalThis & { [METRICS_KEY]?: StudioMetrics };

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const UPSTREAM_SECONDS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120, 300];

function create(): StudioMetrics {
  const registry = new Registry();
  // Process metrics, event-loop lag (studio_nodejs_eventloop_lag_seconds) and heap among them.
  collectDefaultMetrics({ register: registry, prefix: 'studio_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'studio_http_requests_total',
      help: 'HTTP requests answered, by operation (method and route template) and status',
      labelNames: ['operation', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'studio_http_request_duration_seconds',
      help: 'Time from request to the end of the answer (a stream: until it ends), by operation and status',
      labelNames: ['operation', 'status'],
      buckets: SECONDS,
      registers,
    }),
    jobEvents: new Counter({
      name: 'studio_jobs_total',
      help: 'Jobs created (status "created") and ended (done, failed) by this process, by kind',
      labelNames: ['kind', 'status'],
      registers,
    }),
    jobsPending: new Gauge({
      name: 'studio_jobs_pending',
      help: 'Jobs pending now, by kind (whole database, read at scrape time)',
      labelNames: ['kind'],
      registers,
    }),
    queueTasks: new Gauge({
      name: 'studio_queue_tasks',
      help: 'Queue tasks by state: ready (due, unclaimed), running (under a lease), scheduled (due later) (whole database, read at scrape time)',
      labelNames: ['queue', 'state'],
      registers,
    }),
    queueOldestReady: new Gauge({
      name: 'studio_queue_oldest_ready_age_seconds',
      help: 'How long the oldest ready task has been due, by queue (0: none waiting)',
      labelNames: ['queue'],
      registers,
    }),
    upstreamAttempts: new Counter({
      name: 'studio_upstream_attempts_total',
      help: 'Upstream calls by channel and outcome (ok or the failure class)',
      labelNames: ['channel', 'outcome'],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'studio_upstream_attempt_duration_seconds',
      help: 'Upstream call latency by channel and outcome',
      labelNames: ['channel', 'outcome'],
      buckets: UPSTREAM_SECONDS,
      registers,
    }),
    callbackDeliveries: new Counter({
      name: 'studio_callback_deliveries_total',
      help: 'Callback delivery attempts by outcome (delivered, failed, refused)',
      labelNames: ['outcome'],
      registers,
    }),
    credits: new Counter({
      name: 'studio_credits_total',
      help: 'Credits charged and refunded, by kind (charge, refund) and category',
      labelNames: ['kind', 'category'],
      registers,
    }),
    sseConnections: new Gauge({
      name: 'studio_sse_connections',
      help: 'Event streams open now, by stream (jobs, chat)',
      labelNames: ['stream'],
      registers,
    }),
    dbConnections: new Gauge({
      name: 'studio_db_connections',
      help: 'Studio connections to PostgreSQL by state, all processes (read at scrape time)',
      labelNames: ['state'],
      registers,
    }),
    dbPoolMax: new Gauge({
      name: 'studio_db_pool_max',
      help: 'Connections this process may open to the database',
      registers,
    }),
    drainReleased: new Counter({
      name: 'studio_drain_released_tasks_total',
      help: 'Tasks a stopping worker gave back unfinished for another worker to take at once',
      labelNames: ['queue'],
      registers,
    }),
  };
}

/** The process's metrics, created on first use. */
export function metrics(): StudioMetrics {
  const g = globalThis as GlobalWithMetrics;
  g[METRICS_KEY] ??= create();
  return g[METRICS_KEY];
}

/** Counts an open event stream; answers the function that counts it closed (once). */
export function sseOpened(stream: 'jobs' | 'chat'): () => void {
  const gauge = metrics().sseConnections;
  gauge.inc({ stream });
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    gauge.dec({ stream });
  };
}

export function recordUpstreamAttempt(channel: string, outcome: string, ms: number): void {
  const m = metrics();
  m.upstreamAttempts.inc({ channel, outcome });
  m.upstreamDuration.observe({ channel, outcome }, ms / 1000);
}

export function recordCallback(outcome: 'delivered' | 'failed' | 'refused'): void {
  metrics().callbackDeliveries.inc({ outcome });
}

export function recordCredits(kind: 'charge' | 'refund', category: string | null | undefined, amount: number): void {
  if (amount === 0) return;
  metrics().credits.inc({ kind, category: category ?? 'other' }, Math.abs(amount));
}

export function recordJobEvent(kind: string | undefined, status: 'created' | 'done' | 'failed'): void {
  metrics().jobEvents.inc({ kind: kind ?? 'unknown', status });
}

/**
 * An event-stream writer that counts itself in studio_sse_connections from `open` to `end`;
 * `close()` (in a finally) uncounts a stream whose writer never reached `end`.
 */
export function countedStream<T extends { open(headers: Record<string, string>): void; end(): void }>(
  out: T,
  stream: 'jobs' | 'chat',
): { out: T; close: () => void } {
  let close = () => {};
  const counted = Object.create(out) as T;
  counted.open = (headers) => {
    close = sseOpened(stream);
    out.open(headers);
  };
  counted.end = () => {
    close();
    out.end();
  };
  return { out: counted, close: () => close() };
}
