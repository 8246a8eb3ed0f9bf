import { initTRPC } from '@trpc/server';
import { videoDeleteSchema, videoQuerySchema, videoRequestSchema, type VideoTaskView } from '@/contracts/videos';

/**
 * The shape of the `videos` procedures as src/contracts/videos.ts describes them, for the console to
 * type its calls against until the API router serves them. Only its type is used (never bundled).
 */
const t = initTRPC.create();
const never = (): never => {
  throw new Error('type only');
};

const _videosShape = t.router({
  videos: t.router({
    submit: t.procedure.input(videoRequestSchema).mutation((): { ok: true; id: string; task_id: string; jobId: string; status: 'pending'; state: 'queued' } => never()),
    get: t.procedure
      .input(videoQuerySchema)
      .query((): { ok: true; task?: VideoTaskView; tasks?: VideoTaskView[]; page_num?: number; page_size?: number; total?: number } => never()),
    remove: t.procedure.input(videoDeleteSchema).mutation((): { ok: true; id: string; action: 'cancelled' | 'deleted' } => never()),
  }),
});

export type VideosShape = typeof _videosShape;
