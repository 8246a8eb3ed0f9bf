import { z } from 'zod';
import { mediaTypes } from '@/contracts/uploads';
import { route } from '@/server/api/meta';

export const listUploadsInput = z.object({
  limit: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(200)
    .default(50)
    .meta({ description: 'Most uploads to list, 1-200; default 50' }),
});

export const listUploadsOutput = z.object({
  ok: z.literal(true),
  uploads: z
    .array(
      z.object({
        key: z.string().meta({ description: 'The stored object key' }),
        filename: z.string().nullable().meta({ description: 'The name the file was uploaded with (proxy uploads)' }),
        url: z.string().meta({ description: 'Public address of the file' }),
        thumbnail_url: z.string().nullable().meta({
          description:
            'A small WebP of an image (at most 256 px a side), made on first request and cached; null for audio and video',
        }),
        media_type: z.enum(mediaTypes).meta({ description: '`image`, `audio` or `video`, decided from the bytes' }),
        mime: z.string().meta({ description: 'The MIME type, decided from the bytes' }),
        size: z.number().int().meta({ description: 'Size of the file, bytes' }),
        workspace_id: z.string().nullable().meta({ description: 'The sub-folder it was uploaded to; null when none' }),
        strategy: z.enum(['proxy', 'direct']).meta({
          description:
            '`proxy`: sent through POST /api/upload-ref; `direct`: PUT to the presigned address and committed',
        }),
        created_at: z.string().meta({ description: 'When the upload finished, ISO 8601 UTC' }),
      }),
    )
    .meta({ description: 'Your finished uploads, newest first' }),
});

export const listUploadsMeta = route('GET /uploads', 'Uploads', 'Your recent uploads', {
  description:
    'The caller’s own finished uploads (a member sees its own, the tenant key the tenant’s), newest first; `limit` 1-200, default 50.',
});
