import { IMAGE_CHECK_ERRORS } from '@/server/domain/uploads/image-check';
import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { mediaTypes } from '@/contracts/uploads';
import { route } from '@/server/api/meta';

/** What every finished upload answers: the proxy upload (POST /api/upload-ref) and commit alike. */
export const uploadAnswer = z.object({
  ok: z.literal(true),
  url: z.string().meta({ description: 'Public address of the file' }),
  media_type: z.enum(mediaTypes).meta({ description: '`image`, `audio` or `video`, decided from the bytes' }),
  mime: z.string().meta({ description: 'Decided from the bytes, never from the name or declared type' }),
  key: z.string().meta({ description: 'The stored object key' }),
  size: z.number().int().meta({ description: 'Size of the stored file, bytes' }),
});

export const commitUploadMeta = route('POST /upload-ref/commit', 'Uploads', 'Finish a direct upload', {
  errors: [notFoundError('upload'), ...IMAGE_CHECK_ERRORS],
  description:
    'Body `{key}` from the presign answer. Re-reads the stored bytes: a type or size that differs from ' +
    'the declaration, or an image that does not decode in full, is 400 and the object is deleted; ' +
    'otherwise answers like `POST /api/upload-ref`. Committing again answers the same; another owner’s ' +
    'key is 404.',
});
