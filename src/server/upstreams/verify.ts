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
  // A truncated file can have a valid header: require the format's end marker (a full decode would
  // cost more CPU than the rest of the job).
  if (!hasEndMarker(data, format)) throw new UpstreamError('bad_output', 'the upstream image is truncated');
  return { format, mime: MIME[format], width: meta.width, height: meta.height, hasAlpha };
}

const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function hasEndMarker(data: Buffer, format: 'png' | 'jpeg' | 'webp'): boolean {
  if (format === 'png') return data.length > 12 && data.subarray(data.length - 8).equals(PNG_IEND);
  if (format === 'jpeg') {
    // EOI, possibly followed by padding some encoders add.
    const tail = data.subarray(Math.max(0, data.length - 64));
    return tail.includes(Buffer.from([0xff, 0xd9]));
  }
  // WebP: the RIFF size field must cover the whole file.
  return data.length >= 12 && data.readUInt32LE(4) + 8 <= data.length;
}
