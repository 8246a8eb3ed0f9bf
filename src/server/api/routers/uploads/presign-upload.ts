import { presignSchema } from '../../../../contracts/uploads';
import { presignUpload } from '../../../domain/uploads/direct';
import { scopedProcedure } from '../../trpc';
import { presignUploadMeta, presignUploadOutput } from './presign-upload.types';

export const presignUploadProcedure = scopedProcedure
  .meta(presignUploadMeta)
  .input(presignSchema)
  .output(presignUploadOutput)
  .mutation(({ ctx, input }) => presignUpload(ctx, ctx.identity, input, { headers: ctx.headers }));
