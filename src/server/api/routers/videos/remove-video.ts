import { videoDeleteSchema } from '@/contracts/videos';
import { removeVideo } from '@/server/domain/videos/remove';
import { scopedProcedure } from '@/server/api/trpc';
import { removeVideoMeta, removeVideoOutput } from './remove-video.types';

export const removeVideoProcedure = scopedProcedure
  .meta(removeVideoMeta)
  .input(videoDeleteSchema)
  .output(removeVideoOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await removeVideo(ctx, ctx.identity, input)) }));
