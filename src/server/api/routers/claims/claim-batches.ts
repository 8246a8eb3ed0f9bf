import { claimBatchCreateSchema } from '@/contracts/claims';
import { createClaimBatch, exportClaimBatch, getClaimBatch, listClaimBatches } from '@/server/domain/claims/batches';
import { idempotency, organizationProcedure } from '@/server/api/trpc';
import {
  createBatchMeta,
  createBatchOutput,
  exportBatchMeta,
  exportBatchOutput,
  getBatchInput,
  getBatchMeta,
  getBatchOutput,
  listBatchesInput,
  listBatchesMeta,
  listBatchesOutput,
} from './claim-batches.types';

export const createBatchProcedure = organizationProcedure
  .meta(createBatchMeta)
  .input(claimBatchCreateSchema)
  .output(createBatchOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await createClaimBatch(ctx, ctx.identity, input, idempotency(ctx))),
  }));

export const listBatchesProcedure = organizationProcedure
  .meta(listBatchesMeta)
  .input(listBatchesInput)
  .output(listBatchesOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listClaimBatches(ctx, ctx.identity, input)) }));

export const getBatchProcedure = organizationProcedure
  .meta(getBatchMeta)
  .input(getBatchInput)
  .output(getBatchOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await getClaimBatch(ctx, ctx.identity, input)) }));

export const exportBatchProcedure = organizationProcedure
  .meta(exportBatchMeta)
  .input(getBatchInput)
  .output(exportBatchOutput)
  .query(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await exportClaimBatch(ctx, ctx.identity, input)),
    content_type: 'text/csv; charset=utf-8' as const,
  }));
