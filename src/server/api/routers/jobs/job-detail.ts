import { readJobDetail } from '@/server/domain/jobs/detail';
import { scopedProcedure } from '@/server/api/trpc';
import { jobDetailInput, jobDetailMeta, jobDetailOutput } from './job-detail.types';

/**
 * `GET /api/jobs/detail` and the console's job page: a job with its cost and refunds, the request
 * behind it, its callback deliveries and its template's hooks. Same visibility as `GET /api/jobs?id=`:
 * a member sees only its own jobs; another tenant's job is 404.
 */
export const jobDetailProcedure = scopedProcedure
  .meta(jobDetailMeta)
  .input(jobDetailInput)
  .output(jobDetailOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await readJobDetail(ctx, ctx.identity, input.id)) }));
