import { exportCalls } from '@/server/domain/calls/csv';
import { scopedProcedure } from '@/server/api/trpc';
import { exportCallsInput, exportCallsMeta, exportCallsOutput } from './export-calls.types';

/** `GET /api/calls/export` (a CSV file) and the console's Export CSV: the filtered calls. */
export const exportCallsProcedure = scopedProcedure
  .meta(exportCallsMeta)
  .input(exportCallsInput)
  .output(exportCallsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await exportCalls(ctx, ctx.identity, input)) }));
