import { readJobDetail } from '@/server/domain/jobs/detail';
import { scopedProcedure } from '@/server/api/trpc';
import { jobDetailInput, jobDetailOutput } from './job-detail.types';

/**
 * Console only (no REST path): a job with its cost and refunds, the request behind it, its callback
 * deliveries and its template's hooks. Same visibility as `GET /api/jobs?id=`: a member sees only its
 * own jobs; another tenant's job is 404.
 */
export const jobDetailProcedure = scopedProcedure
  .input(jobDetailInput)
  .output(jobDetailOutput)
  .query(({ ctx, input }) => readJobDetail(ctx, ctx.identity, input.id));
