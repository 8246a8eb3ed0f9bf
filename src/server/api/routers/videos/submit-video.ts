import { videoRequestSchema } from '../../../../contracts/videos';
import { submitVideo } from '../../../domain/videos/submit';
import { idempotency, scopedProcedure } from '../../trpc';
import { submitVideoMeta, submitVideoOutput } from './submit-video.types';

export const submitVideoProcedure = scopedProcedure
  .meta(submitVideoMeta)
  .input(videoRequestSchema)
  .output(submitVideoOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await submitVideo(ctx, ctx.identity, input, idempotency(ctx))) }));
