import { z } from 'zod';
import { mediaTypes } from '../../../db/schema';
import { allowedList } from '../../../domain/uploads/file-types';
import { commitUpload, listUploads, presignUpload } from '../../../domain/uploads/uploads';
import { getRuntime } from '../../../runtime';
import { router, scopedProcedure } from '../../trpc';

export const uploadAnswer = z.object({
  ok: z.literal(true),
  url: z.string().meta({ description: 'Public address of the file' }),
  media_type: z.enum(mediaTypes),
  mime: z.string().meta({ description: 'Decided from the bytes, never from the name or declared type' }),
  key: z.string(),
  size: z.number().int(),
});

const fallback = z.object({ path: z.string() });

export const presignProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/upload-ref/presign',
      tags: ['Uploads'],
      summary: 'Ask for a direct upload address',
      description: `Body \`ext\`, \`size\` (exact bytes), optional \`workspace_id\`. The declared type and size are checked like an upload (${allowedList()}; too large: 413). Answers \`strategy: "direct"\` with a presigned PUT (signed for this key, Content-Type and Content-Length; expires in \`expires_in\` seconds) and the commit call, or \`strategy: "proxy"\` with a \`reason\` (\`not_configured\`, \`not_cn\`, \`too_small\`, \`presign_failed\`): then send the file to \`fallback.path\` instead.`,
      protect: true,
    },
  })
  .input(
    z.strictObject({
      ext: z.string().min(1, 'must not be empty').max(10),
      size: z.number({ error: 'must be the exact size in bytes' }).int('must be a whole number of bytes').positive('must be more than 0 bytes'),
      workspace_id: z.string().max(64).optional(),
    }),
  )
  .output(
    z.object({
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
      fallback,
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    return presignUpload({ db: ctx.db, config: ctx.config, files }, ctx.identity, input, ctx.headers);
  });

export const commitProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/upload-ref/commit',
      tags: ['Uploads'],
      summary: 'Finish a direct upload',
      description:
        'Body `{key}` from the presign answer. Re-reads the stored bytes: a type or size that differs from the declaration is 400 and the object is deleted; otherwise answers like `POST /api/upload-ref`. Committing again answers the same; another owner’s key is 404.',
      protect: true,
    },
  })
  .input(z.strictObject({ key: z.string().min(1).max(300) }))
  .output(uploadAnswer)
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    return commitUpload({ db: ctx.db, config: ctx.config, files }, ctx.identity, input.key);
  });

export const listUploadsProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/uploads',
      tags: ['Uploads'],
      summary: 'Your recent uploads',
      description: 'The caller’s own finished uploads (a member sees its own, the tenant key the tenant’s), newest first; `limit` 1-200, default 50.',
      protect: true,
    },
  })
  .input(z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }))
  .output(
    z.object({
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
    }),
  )
  .query(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    return { ok: true as const, uploads: await listUploads({ db: ctx.db, config: ctx.config, files }, ctx.identity, input.limit) };
  });

export const uploadsRouter = router({ presign: presignProcedure, commit: commitProcedure, list: listUploadsProcedure });
