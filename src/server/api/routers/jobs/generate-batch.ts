import { batchRequestSchema } from '@/contracts/jobs';
import { generateBatch } from '@/server/domain/jobs/submit';
import { idempotency, scopedProcedure } from '@/server/api/trpc';
import { generateBatchMeta, generateBatchOutput } from './generate-batch.types';

export const generateBatchProcedure = scopedProcedure
  .meta(generateBatchMeta)
  .input(batchRequestSchema)
  .output(generateBatchOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await generateBatch(ctx, ctx.identity, input, idempotency(ctx))),
  }));
