import { sql } from 'drizzle-orm';
import { migrationsApplied } from '@/server/db/migrate';
import { isDraining } from '@/server/drain';
import { errorResponse } from '@/server/edge/http/error-response';
import { getRuntime } from '@/server/runtime';

/**
 * How long the readiness check waits for the database. A database that does not answer makes the
 * check fail within this, so a load balancer takes the process out rather than waiting on it.
 */
const CHECK_DEADLINE_MS = 2000;
const NO_STORE = { 'cache-control': 'no-store' };

/** Resolves with the check's answer, or with false when the deadline passes first. */
function withinDeadline(check: Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_DEADLINE_MS)));
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/** Migrations never go back: once this process saw them applied, it need not count them again. */
let migrationsSeen = false;

/**
 * Readiness: 200 once the database answers and every migration is applied, 503 before, and 503
 * `DRAINING` from the moment the process was told to shut down. No key needed. Liveness is
 * /api/health/live.
 */
export async function readiness(): Promise<Response> {
  const started = Date.now();
  if (isDraining()) {
    return errorResponse(503, 'Studio is shutting down', 'DRAINING', {}, undefined, 'unavailable');
  }
  const database = await getRuntime().then(
    (runtime) => runtime.database,
    () => null,
  );
  const reachable = database !== null && (await withinDeadline(database.db.execute(sql`select 1`).then(() => true)));
  if (!reachable) {
    return errorResponse(
      503,
      `Database is not reachable (no answer within ${CHECK_DEADLINE_MS / 1000} s)`,
      'UNAVAILABLE',
      { 'retry-after': '2' },
    );
  }
  migrationsSeen ||= await withinDeadline(migrationsApplied(database));
  if (!migrationsSeen) {
    return errorResponse(503, 'Database migrations are not applied yet', 'UNAVAILABLE');
  }
  return Response.json(
    { ok: true, database: database.kind, latency_ms: Date.now() - started, time: new Date().toISOString() },
    { headers: NO_STORE },
  );
}

/**
 * Liveness: 200 while this process can answer at all, draining or not, without touching the database
 * (a database outage is a readiness matter, not a reason to restart the process). No key needed.
 */
export function liveness(): Response {
  return Response.json(
    { ok: true, draining: isDraining(), uptime_s: Math.round(process.uptime()), time: new Date().toISOString() },
    { headers: { 'cache-control': 'no-store' } },
  );
}
