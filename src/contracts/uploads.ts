import { z } from 'zod';

/** Request bodies of the upload operations (the multipart proxy upload is a plain route, not a schema). */

export const mediaTypes = ['image', 'audio', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

/** A caller's sub-folder of its uploads. */
export const WORKSPACE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const presignSchema = z.strictObject({
  ext: z.string().min(1, 'must not be empty').max(10).meta({
    description:
      'The file name extension (e.g. `png`, `mp4`), which declares the type; the commit checks it against the bytes',
  }),
  size: z
    .number({ error: 'must be the exact size in bytes' })
    .int('must be a whole number of bytes')
    .positive('must be more than 0 bytes')
    .meta({ description: 'The exact size of the file, bytes; the upload address is signed for it' }),
  workspace_id: z.string().max(64).optional().meta({
    description: 'Optional sub-folder of your uploads (1-64 letters, digits, underscores or dashes); absent = none',
  }),
});
export type PresignBody = z.infer<typeof presignSchema>;

export const commitSchema = z.strictObject({
  key: z.string().min(1).max(300).meta({ description: 'The `key` of the presign answer' }),
});

export const uploadDeleteSchema = z.strictObject({
  key: z
    .string({ error: 'give the `key` of the upload to delete' })
    .min(1, 'give the `key` of the upload to delete')
    .max(300)
    .meta({ description: 'The `key` of the upload (as `GET /api/uploads` lists it)' }),
});
export type UploadDeleteBody = z.infer<typeof uploadDeleteSchema>;
