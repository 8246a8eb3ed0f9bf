import { sql } from 'drizzle-orm';
import { migrationsApplied } from '@/server/db/migrate';
import { isDraining } from '@/server/drain';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

/**
 * Readiness: 200 once the database answers and every migration is applied, 503 before, and 503
 * `DRAINING` from the moment the process was told to shut down. No key needed. Liveness is
 * /api/health/live.
 */
export async function GET(): Promise<Response> {
  const started = Date.now();
  if (isDraining()) {
    return Response.json({ ok: false, error: 'Studio is shutting down', code: 'DRAINING' }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select 1`);
    if (!(await migrationsApplied(database))) {
      return Response.json({ ok: false, error: 'Database migrations are not applied yet', code: 'UNAVAILABLE', reason: 'unavailable' }, { status: 503 });
    }
    return Response.json(
      { ok: true, database: database.kind, latency_ms: Date.now() - started, time: new Date().toISOString() },
      { headers: { 'cache-control': 'no-store' } },
    );
  } catch {
    return Response.json({ ok: false, error: 'Database is not reachable', code: 'UNAVAILABLE', reason: 'unavailable' }, { status: 503 });
  }
}
