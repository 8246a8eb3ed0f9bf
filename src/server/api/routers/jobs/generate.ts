import { imageRequestSchema } from '@/contracts/jobs';
import { generateImage } from '@/server/domain/jobs/submit';
import { idempotency, scopedProcedure } from '@/server/api/trpc';
import { generateMeta, generateOutput } from './generate.types';

export const generateProcedure = scopedProcedure
  .meta(generateMeta)
  .input(imageRequestSchema)
  .output(generateOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await generateImage(ctx, ctx.identity, input, idempotency(ctx))),
  }));
