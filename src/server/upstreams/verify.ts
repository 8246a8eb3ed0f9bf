import sharp, { type Metadata } from 'sharp';
import { UpstreamError } from './types';

export interface VerifiedImage {
  format: 'png' | 'jpeg' | 'webp';
  mime: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Checks an upstream image before it is accepted: it decodes, has the expected format and, when
 * transparency was asked, really has transparent pixels. A failure counts against the upstream
 * (bad output) and routing moves on; nothing is silently downgraded.
 */
export async function verifyImage(data: Buffer, expect: { format?: 'png' | 'jpeg'; transparent?: boolean }): Promise<VerifiedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch (err) {
    throw new UpstreamError('bad_output', 'the upstream image does not decode', { cause: err });
  }
  const format = meta.format === 'png' || meta.format === 'jpeg' || meta.format === 'webp' ? meta.format : null;
  if (!format || !meta.width || !meta.height) throw new UpstreamError('bad_output', `the upstream returned an unsupported image (${meta.format ?? 'unknown'})`);
  if (expect.format && format !== expect.format) {
    throw new UpstreamError('bad_output', `the upstream returned ${format} where ${expect.format} was asked`);
  }
  let hasAlpha = meta.hasAlpha === true;
  if (expect.transparent) {
    if (!hasAlpha) throw new UpstreamError('bad_output', 'the upstream returned an image without an alpha channel for a transparent request');
    // An alpha channel that is fully opaque everywhere is still not a transparent background.
    const stats = await sharp(data).stats().catch((err: unknown) => {
      throw new UpstreamError('bad_output', 'the upstream image does not decode', { cause: err });
    });
    const alpha = stats.channels[stats.channels.length - 1];
    if (!alpha || alpha.min >= 255) {
      throw new UpstreamError('bad_output', 'the upstream image has no transparent pixels for a transparent request');
    }
    hasAlpha = true;
  }
  // Full decode catches truncated files whose header alone looks fine.
  await sharp(data)
    .raw()
    .toBuffer()
    .catch((err: unknown) => {
      throw new UpstreamError('bad_output', 'the upstream image is truncated or corrupt', { cause: err });
    });
  return { format, mime: MIME[format], width: meta.width, height: meta.height, hasAlpha };
}
