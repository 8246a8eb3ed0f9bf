import { z } from 'zod';
import { mediaTypes } from '@/contracts/uploads';
import { allowedList } from '@/server/domain/uploads/file-types';
import { route } from '@/server/api/meta';

export const presignUploadOutput = z.object({
  ok: z.literal(true),
  strategy: z.enum(['direct', 'proxy']).meta({
    description:
      '`direct`: PUT the bytes to `upload.url`, then call `commit`; `proxy`: send the file to `fallback.path` (POST /api/upload-ref) instead',
  }),
  reason: z
    .enum(['not_configured', 'not_cn', 'too_small', 'presign_failed'])
    .optional()
    .meta({
      description:
        'Why `proxy` (absent with `direct`): `not_configured` (no direct store), `not_cn` (direct uploads are ' +
        'offered only from the regions served by the store), `too_small` (below the size worth a direct ' +
        'upload), `presign_failed` (the store could not sign)',
    }),
  key: z
    .string()
    .optional()
    .meta({ description: 'With `direct`: the object key the upload is stored under; pass it to commit' }),
  media_type: z
    .enum(mediaTypes)
    .optional()
    .meta({ description: 'With `direct`: `image`, `audio` or `video`, from the declared `ext`' }),
  mime: z
    .string()
    .optional()
    .meta({ description: 'With `direct`: the MIME type from the declared `ext`; send it as Content-Type' }),
  upload: z
    .object({
      method: z.literal('PUT').meta({ description: 'Always `PUT`' }),
      url: z.string().meta({ description: 'The presigned address to PUT the bytes to' }),
      headers: z
        .object({
          'Content-Type': z.string().meta({ description: 'The MIME type the address is signed for' }),
          'Content-Length': z.string().meta({ description: 'The size in bytes the address is signed for' }),
        })
        .meta({ description: 'Send both headers exactly as given; a changed header is refused by the store (403)' }),
      expires_in: z.number().int().meta({ description: 'Seconds until the address expires' }),
    })
    .optional()
    .meta({ description: 'With `direct`: how to send the bytes' }),
  commit: z
    .object({
      path: z.string().meta({ description: 'The commit operation to call after the PUT (POST)' }),
      body: z
        .object({ key: z.string().meta({ description: 'The object key' }) })
        .meta({ description: 'The body to send to the commit' }),
    })
    .optional()
    .meta({ description: 'With `direct`: the call that finishes the upload' }),
  fallback: z
    .object({ path: z.string().meta({ description: 'The proxy upload operation (POST, multipart)' }) })
    .meta({ description: 'Where to send the file instead: with `proxy`, or when the direct PUT fails' }),
});

export const presignUploadMeta = route('POST /upload-ref/presign', 'Uploads', 'Ask for a direct upload address', {
  description:
    `Body \`ext\`, \`size\` (exact bytes), optional \`workspace_id\`. The declared type and size are ` +
    `checked like an upload (${allowedList()}; too large: 413). Answers \`strategy: "direct"\` with a ` +
    `presigned PUT (signed for this key, Content-Type and Content-Length; expires in \`expires_in\` ` +
    `seconds) and the commit call, or \`strategy: "proxy"\` with a \`reason\` (\`not_configured\`, ` +
    `\`not_cn\`, \`too_small\`, \`presign_failed\`): then send the file to \`fallback.path\` instead.`,
});
