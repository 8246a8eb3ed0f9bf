import { videoRequestSchema } from '@/contracts/videos';
import { submitVideo } from '@/server/domain/videos/submit';
import { idempotency, scopedProcedure } from '@/server/api/trpc';
import { submitVideoMeta, submitVideoOutput } from './submit-video.types';

export const submitVideoProcedure = scopedProcedure
  .meta(submitVideoMeta)
  .input(videoRequestSchema)
  .output(submitVideoOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await submitVideo(ctx, ctx.identity, input, idempotency(ctx))),
  }));
