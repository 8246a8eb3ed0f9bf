import { pipelineBindSchema } from '@/contracts/pipelines';
import { bindPipeline } from '@/server/domain/pipelines/pipelines';
import { tenantProcedure } from '@/server/api/trpc';
import { bindPipelineMeta, bindPipelineOutput } from './bind-pipeline.types';

export const bindPipelineProcedure = tenantProcedure
  .meta(bindPipelineMeta)
  .input(pipelineBindSchema)
  .output(bindPipelineOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await bindPipeline(ctx, ctx.identity, input)) }));
