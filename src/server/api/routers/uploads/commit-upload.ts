import { commitSchema } from '@/contracts/uploads';
import { commitUpload } from '@/server/domain/uploads/direct';
import { scopedProcedure } from '@/server/api/trpc';
import { commitUploadMeta, uploadAnswer } from './commit-upload.types';

export const commitUploadProcedure = scopedProcedure
  .meta(commitUploadMeta)
  .input(commitSchema)
  .output(uploadAnswer)
  .mutation(({ ctx, input }) => commitUpload(ctx, ctx.identity, input));
