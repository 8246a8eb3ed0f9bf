import sharp from 'sharp';
import type { Config } from '@/server/config';
import type { FileStore } from '@/server/storage/store';
import { MAX_IMAGE_PIXELS } from './image-check';

/** Longest side of a thumbnail, pixels: sharp on a 2x screen for the uploads grid's 128 px tiles. */
export const THUMBNAIL_SIZE = 256;

const IMAGE_UPLOAD = /^[^/]+\/uploads\/.+\.(png|jpg|webp|gif)$/;

/** Whether a stored key is an uploaded image, the only files with thumbnails. */
export const hasThumbnail = (key: string) => IMAGE_UPLOAD.test(key);

/** Where an upload's thumbnail is kept in the file store: beside the tenant's uploads, never listed as one. */
export function thumbnailKeyOf(key: string): string {
  const [tenant, ...rest] = key.split('/');
  return [tenant, 'thumbnails', ...rest].join('/') + '.webp';
}

/** The address of an upload's thumbnail: Studio serves it (`/thumbnails/<key>`), making it on first request. */
export const thumbnailUrl = (config: Pick<Config, 'publicBaseUrl'>, key: string): string | null =>
  hasThumbnail(key) ? `${config.publicBaseUrl}/thumbnails/${key}` : null;

async function readAll(files: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An uploaded image's thumbnail (WebP, at most {@link THUMBNAIL_SIZE} px a side, turned upright, the
 * first frame of an animation), made from the stored file on first use and kept in the store; null
 * when the upload is not an image or is gone.
 */
export async function thumbnailOf(files: FileStore, key: string): Promise<Buffer | null> {
  if (!hasThumbnail(key)) return null;
  const thumbKey = thumbnailKeyOf(key);
  if ((await files.size(thumbKey)) !== null) return readAll(files, thumbKey);
  if ((await files.size(key)) === null) return null;
  // The upload was decoded in full when it arrived, so its pixels are within the image check's bound.
  const webp = await sharp(await readAll(files, key), { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  await files.put(thumbKey, webp, 'image/webp');
  return webp;
}
