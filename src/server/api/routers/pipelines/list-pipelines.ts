import { listPipelines } from '@/server/domain/pipelines/pipelines';
import { scopedProcedure } from '@/server/api/trpc';
import { listPipelinesInput, listPipelinesMeta, listPipelinesOutput } from './list-pipelines.types';

export const listPipelinesProcedure = scopedProcedure
  .meta(listPipelinesMeta)
  .input(listPipelinesInput)
  .output(listPipelinesOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listPipelines(ctx, ctx.identity, input)) }));
