import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Job } from '../../db/schema';

/** Channel for job changes: the progress feed and the callback sender listen on it. */
export const JOB_CHANNEL = 'studio_jobs';

/** Announces a job change to every process (pg_notify), carrying only ids: listeners read the job. */
export async function notifyJob(db: Db, job: Pick<Job, 'id' | 'tenantId' | 'accountId' | 'status'>): Promise<void> {
  await db.execute(
    sql`select pg_notify(${JOB_CHANNEL}, ${JSON.stringify({ id: job.id, tenant: job.tenantId, account: job.accountId, status: job.status })})`,
  );
}
