import { presentedKey } from '@/server/api/context';
import type { Config } from '@/server/config';
import { DEFAULT_POOL_MAX, type Database } from '@/server/db/client';
import { resolveKey } from '@/server/domain/auth/api-keys';
import { requireAdmin } from '@/server/domain/auth/guard';
import { errorResponseOf } from '@/server/edge/http/error-response';
import { renderMetrics } from '@/server/metrics/collect';

export interface MetricsDeps {
  database: Pick<Database, 'db' | 'kind'>;
  config: Pick<Config, 'adminKey'>;
}

/**
 * `GET /api/metrics`: Prometheus text for the operator. The super-administrator key (X-API-Key or
 * Bearer) only: no key or a bad one is 401, any other working key 403, as on /api/admin.
 */
export async function metricsResponse(deps: MetricsDeps, headers: Headers): Promise<Response> {
  const key = presentedKey(headers);
  const resolved = key ? await resolveKey(deps.database.db, { configured: deps.config.adminKey }, key) : null;
  try {
    requireAdmin(
      resolved?.ok
        ? { identity: resolved.identity, authFailure: null }
        : { identity: null, authFailure: resolved?.reason ?? 'missing' },
    );
  } catch (err) {
    return errorResponseOf(err, 'metrics');
  }
  return metricsText(deps);
}

/** The metrics without a key check: for the separate metrics port (STUDIO_METRICS_PORT). */
export async function metricsText(deps: Pick<MetricsDeps, 'database'>): Promise<Response> {
  const { contentType, body } = await renderMetrics(
    deps.database,
    deps.database.kind === 'postgres' ? DEFAULT_POOL_MAX : null,
  );
  return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
