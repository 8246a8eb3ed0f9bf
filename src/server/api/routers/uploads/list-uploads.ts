import { listUploads } from '@/server/domain/uploads/uploads';
import { scopedProcedure } from '@/server/api/trpc';
import { listUploadsInput, listUploadsMeta, listUploadsOutput } from './list-uploads.types';

export const listUploadsProcedure = scopedProcedure
  .meta(listUploadsMeta)
  .input(listUploadsInput)
  .output(listUploadsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listUploads(ctx, ctx.identity, input)) }));
