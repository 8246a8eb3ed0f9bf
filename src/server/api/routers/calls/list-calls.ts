import { listCalls } from '@/server/domain/calls/read';
import { scopedProcedure } from '@/server/api/trpc';
import { listCallsInput, listCallsMeta, listCallsOutput } from './list-calls.types';

/** `GET /api/calls` and the console's call log: one page of the caller's calls. */
export const listCallsProcedure = scopedProcedure
  .meta(listCallsMeta)
  .input(listCallsInput)
  .output(listCallsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listCalls(ctx, ctx.identity, input)) }));
