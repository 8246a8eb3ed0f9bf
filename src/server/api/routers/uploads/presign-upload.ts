import { presignSchema } from '@/contracts/uploads';
import { presignUpload } from '@/server/domain/uploads/direct';
import { scopedProcedure } from '@/server/api/trpc';
import { presignUploadMeta, presignUploadOutput } from './presign-upload.types';

export const presignUploadProcedure = scopedProcedure
  .meta(presignUploadMeta)
  .input(presignSchema)
  .output(presignUploadOutput)
  .mutation(({ ctx, input }) => presignUpload(ctx, ctx.identity, input, { headers: ctx.headers }));
