import { conversionResult } from '@/server/domain/image-template/jobs';
import { organizationProcedure } from '@/server/api/trpc';
import { getResultInput, getResultMeta, getResultOutput } from './get-result.types';

export const getResultProcedure = organizationProcedure
  .meta(getResultMeta)
  .input(getResultInput)
  .output(getResultOutput)
  .query(({ ctx, input }) => conversionResult(ctx.db, ctx.identity, input.job_id));
