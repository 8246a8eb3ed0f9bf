import { readJobs } from '@/server/domain/jobs/read';
import { scopedProcedure } from '@/server/api/trpc';
import { getJobsInput, getJobsMeta, getJobsOutput } from './get-jobs.types';

export const getJobsProcedure = scopedProcedure
  .meta(getJobsMeta)
  .input(getJobsInput)
  .output(getJobsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await readJobs(ctx, ctx.identity, input)) }));
