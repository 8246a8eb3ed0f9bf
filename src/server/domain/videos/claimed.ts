import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowOf } from '@/server/db/rows';
import { jobs, tenants, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { QUEUES, type ClaimRead, type Task } from '@/server/queue/queue';

/** A video job as one step of it starts: the job, its video task, its tenant's model binding. */
export interface VideoJobRow {
  job: Job;
  vt: VideoTaskRow;
  binding: string | null;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The claim of a video lane reads the job of each video task it claims in the same statement, so a
 * step starts without a second round trip (the creation of an upstream task waits for nothing else:
 * docs/performance.md). Tasks of other queues read nothing; a payload without a job id reads nothing.
 */
export const VIDEO_CLAIM_READ: ClaimRead = {
  name: 'video-job',
  select: sql`case when tasks.queue in (${QUEUES.videoJob}, ${QUEUES.videoCheck}) and tasks.payload->>'jobId' ~ ${UUID} then (
      select jsonb_build_object('job', to_jsonb(j), 'vt', to_jsonb(vt), 'binding', te.bound_model)
        from ${jobs} j join ${videoTasks} vt on vt.id = j.id join ${tenants} te on te.id = j.tenant_id
       where j.id = (tasks.payload->>'jobId')::uuid) end`,
};

/**
 * The video job of a step: as the claim read it (`VIDEO_CLAIM_READ`), else read now (a task claimed
 * without that read). Undefined when the job is gone.
 */
export async function videoJobOf(db: Db, task: Task<{ jobId: string }>): Promise<VideoJobRow | undefined> {
  const read = task.row as { job?: Record<string, unknown>; vt?: Record<string, unknown>; binding?: string } | null;
  if (read?.job && read.vt) {
    return { job: rowOf(jobs, read.job), vt: rowOf(videoTasks, read.vt), binding: read.binding ?? null };
  }
  if (task.row === null) return undefined;
  const [found] = await db
    .select({ job: jobs, vt: videoTasks, binding: tenants.boundModel })
    .from(jobs)
    .innerJoin(videoTasks, eq(videoTasks.id, jobs.id))
    .innerJoin(tenants, eq(tenants.id, jobs.tenantId))
    .where(eq(jobs.id, task.payload.jobId));
  return found;
}
