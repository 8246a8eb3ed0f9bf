import { isDraining } from '@/server/drain';

export const dynamic = 'force-dynamic';

/**
 * Liveness: 200 while this process can answer at all, draining or not, without touching the database
 * (a database outage is a readiness matter, not a reason to restart the process). No key needed.
 */
export function GET(): Response {
  return Response.json(
    { ok: true, draining: isDraining(), uptime_s: Math.round(process.uptime()), time: new Date().toISOString() },
    { headers: { 'cache-control': 'no-store' } },
  );
}
