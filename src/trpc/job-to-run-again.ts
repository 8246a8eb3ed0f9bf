import 'server-only';

import { isUuid } from '@/contracts/common';
import type { JobRequest } from '@/components/jobs/job-rerun';
import { api } from './server';

/**
 * The request of the job named by `?from=` ("Run again"), when it is a job of that kind the signed-in
 * user may see; otherwise null and the page opens as usual.
 */
export async function jobToRunAgain(
  from: string | string[] | undefined,
  kind: 'image' | 'video',
): Promise<JobRequest | null> {
  const id = Array.isArray(from) ? from[0] : from;
  if (!id || !isUuid(id)) return null;
  const detail = await api.jobs.detail({ id }).catch(() => null);
  return detail && detail.job.kind === kind ? detail.request : null;
}
