import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { VIDEO_PAGE_SIZE_DEFAULT, type VideoQuery, type VideoTaskView } from '@/contracts/videos';
import type { Db } from '@/server/db/client';
import { preparedPerDb } from '@/server/db/prepared';
import { jobs, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { notFound } from '@/server/errors';
import { visibleTo } from '@/server/domain/jobs/read';
import { videoJobInputSchema } from './types';

/** A video task as callers see it: never the upstream, channel or upstream task id. */
export function videoTaskViewOf(job: Job, vt: VideoTaskRow): VideoTaskView {
  const parsed = videoJobInputSchema.safeParse(job.input);
  const input = parsed.success ? parsed.data : null;
  return {
    id: job.id,
    task_id: job.id,
    job_status: job.status,
    state: vt.state,
    model: vt.tier,
    prompt: input?.display_prompt ?? input?.prompt ?? '',
    template_id: input?.source.kind === 'template' ? (input.source.id ?? null) : null,
    ratio: input?.ratio ?? '',
    duration: input?.duration ?? 0,
    resolution: input?.resolution ?? '',
    generate_audio: input?.generate_audio ?? false,
    images: input?.images ?? [],
    videos: input?.videos ?? [],
    audios: input?.audios ?? [],
    progress: vt.progress,
    video_url: job.cdnUrl,
    cover_url: vt.coverUrl,
    result_expired_at: job.resultExpiredAt?.toISOString() ?? null,
    error: job.error,
    reason: job.errorReason,
    note: job.note,
    credits: job.credits,
    elapsed_ms: job.elapsedMs,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** One video task the caller may see (a member: its own; a tenant: the tenant's); anything else is 404. */
export async function findVideoTask(db: Db, who: ScopedIdentity, id: string): Promise<{ job: Job; vt: VideoTaskRow }> {
  const [row] = await videoLookup(db).execute({ id, tenantId: who.tenantId });
  // A member sees only its own tasks; another tenant's task is not found either way.
  if (!row || (who.kind === 'member' && row.job.accountId !== who.accountId)) throw notFound('Video task');
  return row;
}

/** Polled by clients until the video is done (`GET /api/videos?id=`). */
const videoLookup = preparedPerDb((db) =>
  db
    .select({ job: jobs, vt: videoTasks })
    .from(jobs)
    .innerJoin(videoTasks, eq(videoTasks.id, jobs.id))
    .where(and(eq(jobs.id, sql.placeholder('id')), eq(jobs.tenantId, sql.placeholder('tenantId'))))
    .prepare('studio_video_lookup'),
);

export type VideoRead =
  { task: VideoTaskView } | { tasks: VideoTaskView[]; page_num: number; page_size: number; total: number };

/** `GET /api/videos`: one task by `id`, or a page of the caller's tasks newest first, filtered by state. */
export async function readVideos({ db }: Pick<Deps, 'db'>, who: ScopedIdentity, query: VideoQuery): Promise<VideoRead> {
  if (query.id !== undefined) {
    const { job, vt } = await findVideoTask(db, who, query.id);
    return { task: videoTaskViewOf(job, vt) };
  }
  const pageNum = query.page_num ?? 1;
  const pageSize = query.page_size ?? VIDEO_PAGE_SIZE_DEFAULT;
  const conds: SQL[] = [visibleTo(who), eq(jobs.kind, 'video')];
  const state = query['filter.status'];
  if (state) conds.push(eq(videoTasks.state, state));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ job: jobs, vt: videoTasks })
      .from(jobs)
      .innerJoin(videoTasks, eq(videoTasks.id, jobs.id))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(jobs).innerJoin(videoTasks, eq(videoTasks.id, jobs.id)).where(where),
  ]);
  return {
    tasks: rows.map((r) => videoTaskViewOf(r.job, r.vt)),
    page_num: pageNum,
    page_size: pageSize,
    total: Number(total?.n ?? 0),
  };
}
