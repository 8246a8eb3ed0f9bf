import { readCall } from '@/server/domain/calls/detail';
import { scopedProcedure } from '@/server/api/trpc';
import { callDetailInput, callDetailMeta, callDetailOutput } from './call-detail.types';

/** `GET /api/calls/detail` and the console's call drawer: one call with its charge and refund. */
export const callDetailProcedure = scopedProcedure
  .meta(callDetailMeta)
  .input(callDetailInput)
  .output(callDetailOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await readCall(ctx, ctx.identity, input.id)) }));
