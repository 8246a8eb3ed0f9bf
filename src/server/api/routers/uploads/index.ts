import { router } from '@/server/api/trpc';
import { commitUploadProcedure } from './commit-upload';
import { deleteUploadProcedure } from './delete-upload';
import { listUploadsProcedure } from './list-uploads';
import { presignUploadProcedure } from './presign-upload';

export const uploadsRouter = router({
  presign: presignUploadProcedure,
  commit: commitUploadProcedure,
  list: listUploadsProcedure,
  delete: deleteUploadProcedure,
});
