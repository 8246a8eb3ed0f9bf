import { presentedKey } from '@/server/api/context';
import { authFailureAnswer } from '@/server/api/trpc';
import type { Config } from '@/server/config';
import { DEFAULT_POOL_MAX, type Database } from '@/server/db/client';
import { resolveKey } from '@/server/domain/auth/api-keys';
import { errorResponse } from '@/server/http/error-response';
import { renderMetrics } from './collect';

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
  if (!key) {
    const { message } = authFailureAnswer('missing');
    return errorResponse(401, message, 'UNAUTHORIZED');
  }
  const resolved = await resolveKey(deps.database.db, { configured: deps.config.adminKey }, key);
  if (!resolved.ok) {
    const { code, message } = authFailureAnswer(resolved.reason);
    return errorResponse(code === 'FORBIDDEN' ? 403 : 401, message, code);
  }
  if (resolved.identity.kind !== 'admin') return errorResponse(403, 'This endpoint needs the super-administrator key', 'FORBIDDEN');
  return metricsText(deps);
}

/** The metrics without a key check: for the separate metrics port (STUDIO_METRICS_PORT). */
export async function metricsText(deps: Pick<MetricsDeps, 'database'>): Promise<Response> {
  const { contentType, body } = await renderMetrics(deps.database, deps.database.kind === 'postgres' ? DEFAULT_POOL_MAX : null);
  return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
