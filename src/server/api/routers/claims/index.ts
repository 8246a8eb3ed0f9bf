import { router } from '@/server/api/trpc';
import { createBatchProcedure, exportBatchProcedure, getBatchProcedure, listBatchesProcedure } from './claim-batches';
import { createClaimProcedure } from './create-claim';
import { listClaimsProcedure } from './list-claims';
import { previewClaimProcedure } from './preview-claim';
import { redeemClaimProcedure } from './redeem-claim';
import { redeemMoreProcedure } from './redeem-more';

export const claimsRouter = router({
  create: createClaimProcedure,
  list: listClaimsProcedure,
  preview: previewClaimProcedure,
  redeem: redeemClaimProcedure,
  createBatch: createBatchProcedure,
  listBatches: listBatchesProcedure,
  getBatch: getBatchProcedure,
  exportBatch: exportBatchProcedure,
  redeemMore: redeemMoreProcedure,
});
