import { uploadDeleteSchema } from '@/contracts/uploads';
import { deleteUpload } from '@/server/domain/uploads/remove';
import { scopedProcedure } from '@/server/api/trpc';
import { deleteUploadMeta, deleteUploadOutput } from './delete-upload.types';

export const deleteUploadProcedure = scopedProcedure
  .meta(deleteUploadMeta)
  .input(uploadDeleteSchema)
  .output(deleteUploadOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await deleteUpload(ctx, ctx.identity, input)) }));
