import { z } from 'zod';
import { mediaTypes } from '../../../../contracts/uploads';
import { route } from '../../meta';

export const listUploadsInput = z.object({ limit: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(200).default(50) });

export const listUploadsOutput = z.object({
  ok: z.literal(true),
  uploads: z.array(
    z.object({
      key: z.string(),
      filename: z.string().nullable().meta({ description: 'The name the file was uploaded with (proxy uploads)' }),
      url: z.string(),
      media_type: z.enum(mediaTypes),
      mime: z.string(),
      size: z.number().int(),
      workspace_id: z.string().nullable(),
      strategy: z.enum(['proxy', 'direct']),
      created_at: z.string(),
    }),
  ),
});

export const listUploadsMeta = route('GET /uploads', 'Uploads', 'Your recent uploads', {
  description: 'The caller’s own finished uploads (a member sees its own, the tenant key the tenant’s), newest first; `limit` 1-200, default 50.',
});
