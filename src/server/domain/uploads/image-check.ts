import sharp from 'sharp';
import { badRequest } from '@/server/errors';
import type { UploadType } from './file-types';
import pLimit from 'p-limit';

/**
 * Decodes an uploaded image in full before it is accepted: the right leading bytes with damaged or
 * cut-off data after them would otherwise be stored, and every upstream would then refuse the
 * generation that uses it. Audio and video are not decoded here.
 */

/** Most pixels decoded, all frames of an animation together: 8192 x 8192. More is refused unread. */
export const MAX_IMAGE_PIXELS = 8192 * 8192;
/** Decodes at once in this process; libvips already spreads one decode over its own threads. */
const MAX_CONCURRENT = 2;

const withSlot = pLimit(MAX_CONCURRENT);

/** libvips' words without the loader prefixes, first line only. */
function reasonOf(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
  const cleaned = text
    .replace(/^Input (buffer|file) (has corrupt header|contains unsupported image format):?\s*/i, '')
    .replace(/^(vipspng|VipsJpeg|gifload(_buffer|_source)?|webp|VipsForeignLoad\w*):\s*/i, '')
    .trim();
  return cleaned ? `its data does not decode (${cleaned.slice(0, 120)})` : 'its data does not decode';
}

const invalid = (reason: string) => badRequest(`The file is not a valid image: ${reason}; nothing was stored`);

/**
 * Why an image upload is not a usable image (header and all pixel data are decoded; warnings
 * that decoders survive are allowed), or null when it is. `input` is a file path or the bytes.
 */
export async function imageProblem(input: string | Buffer, type: UploadType): Promise<string | null> {
  if (type.mediaType !== 'image') return null;
  return withSlot(async () => {
    try {
      const meta = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
      if (!meta.width || !meta.height) return 'it has no dimensions';
      const frames = meta.pages ?? 1;
      const frameHeight = meta.pageHeight ?? meta.height;
      if (meta.width * frameHeight * frames > MAX_IMAGE_PIXELS) {
        const size = `${meta.width} x ${frameHeight}${frames > 1 ? ` x ${frames} frames` : ''}`;
        return `it has ${size} pixels, more than the ${Math.round(MAX_IMAGE_PIXELS / 1e6)} million checked; scale it down`;
      }
    } catch (err) {
      return reasonOf(err);
    }
    try {
      // stats() reads every pixel of every frame without keeping the decoded image.
      await sharp(input, {
        failOn: 'error',
        limitInputPixels: MAX_IMAGE_PIXELS,
        sequentialRead: true,
        animated: true,
      }).stats();
      return null;
    } catch (err) {
      return reasonOf(err);
    }
  });
}

/** Throws the 400 of {@link imageProblem} for an image that does not decode. */
export async function assertDecodableImage(input: string | Buffer, type: UploadType): Promise<void> {
  const problem = await imageProblem(input, type);
  if (problem) throw invalid(problem);
}
