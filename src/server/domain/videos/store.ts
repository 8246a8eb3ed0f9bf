import { endJob, type JobRunContext } from '@/server/domain/jobs/lifecycle';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jobs, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { downloadToFile } from '@/server/upstreams/providers/http';
import { UpstreamError } from '@/server/upstreams/types';
import { coverMime, firstFrame, providerCover, type Cover } from './cover';
import { inspectMp4File } from './media-facts';
import type { VideoJobInput } from './types';

/**
 * Downloads the video as a stream into a temporary file (capped, with the headers the provider's files need), checks it is an MP4 (ftyp box) whose
 * duration is within 1 s of the request, stores it and its cover (the provider's last frame, else the video's
 * first frame: cover.ts), and ends the job as done.
 */
export async function storeResult(
  ctx: JobRunContext,
  job: Job,
  vt: VideoTaskRow,
  input: VideoJobInput,
  state: VideoTaskState,
  headers?: Record<string, string>,
): Promise<boolean> {
  const tmp = path.join(os.tmpdir(), `studio-video-${randomUUID()}.mp4`);
  const signal = ctx.signal
    ? AbortSignal.any([ctx.signal, AbortSignal.timeout(10 * 60_000)])
    : AbortSignal.timeout(10 * 60_000);
  let videoUrl: string;
  let cover: Cover | null = null;
  try {
    const size = await downloadToFile(state.videoUrl ?? '', tmp, signal, ctx.config.video.maxBytes, headers);
    const facts = await inspectMp4File(tmp);
    if (!facts) throw new UpstreamError('bad_output', 'the result is not an MP4 file');
    if (Math.abs(facts.duration - input.duration) > 1) {
      throw new UpstreamError(
        'bad_output',
        `the video lasts ${facts.duration.toFixed(1)} s, ${input.duration} s were asked for`,
      );
    }
    // The provider's last frame as the cover, else the video's first frame (none when ffmpeg is absent), taken
    // before the file moves into the store.
    cover = (state.lastFrameUrl ? await providerCover(state.lastFrameUrl) : null) ?? (await firstFrame(tmp));
    videoUrl = await ctx.files.putFile(`${job.tenantId}/results/${job.id}.mp4`, tmp, 'video/mp4', size);
  } finally {
    await rm(tmp, { force: true });
  }
  let coverUrl: string | null = null;
  if (cover) {
    try {
      const key = `${job.tenantId}/results/${job.id}-cover.${cover.ext}`;
      coverUrl = await ctx.files.put(key, cover.data, coverMime(cover.ext));
    } catch (err) {
      // A cover is a convenience: the video is the result.
      logger.info({ err, job: job.id }, 'the video cover could not be stored');
    }
  }
  // The task's row first, while the job is still pending (its row locked, so a cancel waits or has won),
  // and the job's end last: its event lock is then held for the commit only, not across a round trip.
  const done = await ctx.db.transaction(async (tx) => {
    await tx
      .update(videoTasks)
      .set({ state: 'succeeded', upstreamState: 'succeeded', progress: 100, coverUrl, stateChangedAt: new Date() })
      .where(
        and(
          eq(videoTasks.id, vt.id),
          sql`exists (select 1 from ${jobs} where ${jobs.id} = ${job.id} and ${jobs.status} = 'pending' for update)`,
        ),
      );
    return endJob(
      tx,
      job.id,
      { status: 'done', set: { cdnUrl: videoUrl } },
      { callbackAttempts: ctx.config.callbackAttempts },
    );
  });
  if (!done) {
    // Cancelled while downloading: the files are not kept, and the orphan it became has ended.
    await ctx.db.update(videoTasks).set({ upstreamState: 'succeeded' }).where(eq(videoTasks.id, vt.id));
    await ctx.files.delete(`${job.tenantId}/results/${job.id}.mp4`).catch(() => {});
    if (coverUrl) await ctx.files.delete(ctx.files.keyOf(coverUrl) ?? '').catch(() => {});
  }
  return done !== null;
}
