import { videoQuerySchema } from '@/contracts/videos';
import { readVideos } from '@/server/domain/videos/read';
import { scopedProcedure } from '@/server/api/trpc';
import { getVideosMeta, getVideosOutput } from './get-videos.types';

export const getVideosProcedure = scopedProcedure
  .meta(getVideosMeta)
  .input(videoQuerySchema)
  .output(getVideosOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await readVideos(ctx, ctx.identity, input)) }));
