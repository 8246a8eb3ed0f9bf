import { metricsResponse } from '@/server/edge/metrics/endpoint';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

/** Prometheus metrics for the operator (super-administrator key); docs/operations.md → Metrics. */
export async function GET(req: Request): Promise<Response> {
  const rt = await getRuntime();
  return metricsResponse(rt, req.headers);
}
