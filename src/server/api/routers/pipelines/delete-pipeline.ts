import { pipelineDeleteSchema } from '@/contracts/pipelines';
import { deletePipeline } from '@/server/domain/pipelines/pipelines';
import { tenantProcedure } from '@/server/api/trpc';
import { deletePipelineMeta, deletePipelineOutput } from './delete-pipeline.types';

export const deletePipelineProcedure = tenantProcedure
  .meta(deletePipelineMeta)
  .input(pipelineDeleteSchema)
  .output(deletePipelineOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await deletePipeline(ctx, ctx.identity, input)) }));
