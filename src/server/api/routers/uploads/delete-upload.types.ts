import { z } from 'zod';
import { route } from '@/server/api/meta';
import { DELETE_UPLOAD_ERRORS } from '@/server/domain/uploads/remove';

export const deleteUploadOutput = z.object({
  ok: z.literal(true),
  key: z.string().meta({ description: 'The deleted upload’s key' }),
  deleted: z.literal(true).meta({ description: 'Always true' }),
});

export const deleteUploadMeta = route('DELETE /uploads', 'Uploads', 'Delete an upload', {
  errors: DELETE_UPLOAD_ERRORS,
  description:
    '`DELETE /api/uploads?key=<key>`: deletes one of your uploads (a member key its own, the tenant any of ' +
    'the tenant’s), its stored file and its thumbnail; its URL stops working. Refused with 409 while a job ' +
    'still in progress uses the file, or while one of your templates shows it as a sample or default ' +
    'reference image (`error` names the job or the template). Another owner’s key, or one already ' +
    'deleted: 404.',
});
