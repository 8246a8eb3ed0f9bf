import { videoQuerySchema } from '../../../../contracts/videos';
import { readVideos } from '../../../domain/videos/read';
import { scopedProcedure } from '../../trpc';
import { getVideosMeta, getVideosOutput } from './get-videos.types';

export const getVideosProcedure = scopedProcedure
  .meta(getVideosMeta)
  .input(videoQuerySchema)
  .output(getVideosOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await readVideos(ctx, ctx.identity, input)) }));
