import { z } from 'zod';
import { jobStatuses } from '../../../db/schema';
import { getJob, jobView, listJobs } from '../../../domain/jobs/read';
import { scopedProcedure } from '../../trpc';
import { jobView as jobViewSchema } from './jobs.types';

export const getJobsProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/jobs',
      tags: ['Images'],
      summary: 'One job, or the caller’s jobs newest first',
      description:
        '`?id=<jobId>` answers `{ok, job}`. Without `id`: `{ok, jobs, next_cursor}`, newest first, `limit` 1-100 (default 20), optional `status` filter; pass `next_cursor` as `cursor` for the next page. A tenant key sees every job of the tenant, a member key only its own; another tenant’s job is 404.',
      protect: true,
    },
  })
  .input(
    z.object({
      id: z.uuid('must be a job id (uuid)').optional(),
      status: z.enum(jobStatuses, 'must be pending, done or failed').optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().max(200).optional(),
    }),
  )
  .output(
    z.object({
      ok: z.literal(true),
      job: jobViewSchema.optional(),
      jobs: z.array(jobViewSchema).optional(),
      next_cursor: z.string().nullable().optional(),
    }),
  )
  .query(async ({ ctx, input }) => {
    if (input.id) return { ok: true as const, job: jobView(await getJob(ctx.db, ctx.identity, input.id)) };
    const page = await listJobs(ctx.db, ctx.identity, { status: input.status, limit: input.limit, cursor: input.cursor });
    return { ok: true as const, jobs: page.jobs.map(jobView), next_cursor: page.nextCursor };
  });
