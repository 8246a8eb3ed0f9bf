import { pipelineUpdateSchema } from '@/contracts/pipelines';
import { updatePipeline } from '@/server/domain/pipelines/pipelines';
import { tenantProcedure } from '@/server/api/trpc';
import { updatePipelineMeta, updatePipelineOutput } from './update-pipeline.types';

export const updatePipelineProcedure = tenantProcedure
  .meta(updatePipelineMeta)
  .input(pipelineUpdateSchema)
  .output(updatePipelineOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await updatePipeline(ctx, ctx.identity, input)) }));
