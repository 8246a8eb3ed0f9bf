import { availableModels } from '@/server/domain/models/available-models';
import { scopedProcedure } from '@/server/api/trpc';
import { availableModelsInput, availableModelsMeta, availableModelsOutput } from './available-models.types';

export const availableModelsProcedure = scopedProcedure
  .meta(availableModelsMeta)
  .input(availableModelsInput)
  .output(availableModelsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await availableModels(ctx, ctx.identity, input)) }));
