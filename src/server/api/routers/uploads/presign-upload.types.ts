import { z } from 'zod';
import { mediaTypes } from '../../../../contracts/uploads';
import { allowedList } from '../../../domain/uploads/file-types';
import { route } from '../../meta';

export const presignUploadOutput = z.object({
  ok: z.literal(true),
  strategy: z.enum(['direct', 'proxy']),
  reason: z.enum(['not_configured', 'not_cn', 'too_small', 'presign_failed']).optional(),
  key: z.string().optional(),
  media_type: z.enum(mediaTypes).optional(),
  mime: z.string().optional(),
  upload: z
    .object({
      method: z.literal('PUT'),
      url: z.string(),
      headers: z.object({ 'Content-Type': z.string(), 'Content-Length': z.string() }),
      expires_in: z.number().int(),
    })
    .optional(),
  commit: z.object({ path: z.string(), body: z.object({ key: z.string() }) }).optional(),
  fallback: z.object({ path: z.string() }),
});

export const presignUploadMeta = route('POST /upload-ref/presign', 'Uploads', 'Ask for a direct upload address', {
  description: `Body \`ext\`, \`size\` (exact bytes), optional \`workspace_id\`. The declared type and size are checked like an upload (${allowedList()}; too large: 413). Answers \`strategy: "direct"\` with a presigned PUT (signed for this key, Content-Type and Content-Length; expires in \`expires_in\` seconds) and the commit call, or \`strategy: "proxy"\` with a \`reason\` (\`not_configured\`, \`not_cn\`, \`too_small\`, \`presign_failed\`): then send the file to \`fallback.path\` instead.`,
});
