import { imageSize } from 'image-size';
import sharp from 'sharp';
import { cropFor } from './sizes';
import { UpstreamError } from './types';

type ISizeCalculationResult = ReturnType<typeof imageSize>;

export interface VerifiedImage {
  format: 'png' | 'jpeg' | 'webp';
  mime: string;
  width: number;
  height: number;
  /** True when transparency was asked and the image has transparent pixels; false otherwise. */
  transparent: boolean;
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
const FORMATS: Record<string, VerifiedImage['format']> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * Checks an upstream image before it is accepted: its header is whole and of the expected format, the
 * file ends with its format's end marker and, when transparency was asked, it really has transparent
 * pixels. A failure counts against the upstream (bad output) and routing moves on; nothing is silently
 * downgraded.
 *
 * The header is read by `image-size` (a few microseconds); libvips reading the same header through
 * `sharp` took about 0.1 ms of the worker's main thread per image, a tenth of a job's CPU. `sharp`
 * decodes the pixels only for a transparent request, where they are what is checked.
 */
export async function verifyImage(
  data: Buffer,
  expect: { format?: 'png' | 'jpeg'; transparent?: boolean },
): Promise<VerifiedImage> {
  let header: ISizeCalculationResult;
  try {
    header = imageSize(data);
  } catch (err) {
    throw new UpstreamError('bad_output', 'the upstream image does not decode', { cause: err });
  }
  const format = FORMATS[header.type ?? ''];
  if (!format || !header.width || !header.height)
    throw new UpstreamError('bad_output', `the upstream returned an unsupported image (${header.type ?? 'unknown'})`);
  if (expect.format && format !== expect.format) {
    throw new UpstreamError('bad_output', `the upstream returned ${format} where ${expect.format} was asked`);
  }
  // A truncated file can have a valid header: require the format's end marker (a full decode would
  // cost more CPU than the rest of the job).
  if (!hasEndMarker(data, format)) throw new UpstreamError('bad_output', 'the upstream image is truncated');
  if (expect.transparent) await checkTransparent(data);
  return {
    format,
    mime: MIME[format],
    width: header.width,
    height: header.height,
    transparent: expect.transparent === true,
  };
}

/** An alpha channel, and not one that is fully opaque everywhere (that is no transparent background). */
async function checkTransparent(data: Buffer): Promise<void> {
  const undecodable = (err: unknown) =>
    new UpstreamError('bad_output', 'the upstream image does not decode', { cause: err });
  const meta = await sharp(data)
    .metadata()
    .catch((err: unknown) => {
      throw undecodable(err);
    });
  if (meta.hasAlpha !== true)
    throw new UpstreamError(
      'bad_output',
      'the upstream returned an image without an alpha channel for a transparent request',
    );
  const stats = await sharp(data)
    .stats()
    .catch((err: unknown) => {
      throw undecodable(err);
    });
  const alpha = stats.channels[stats.channels.length - 1];
  if (!alpha || alpha.min >= 255) {
    throw new UpstreamError('bad_output', 'the upstream image has no transparent pixels for a transparent request');
  }
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

/**
 * Crops a verified image to exactly `ratio` (the largest centred rectangle of it) when its size is not
 * that ratio already: a model that has no size of the ratio asked for was sent the closest one. The
 * format (and a PNG's alpha) is kept; `crop` is the size kept, for the attempt log.
 */
export async function cropToRatio(
  data: Buffer,
  verified: VerifiedImage,
  ratio: string,
): Promise<{ data: Buffer; verified: VerifiedImage; crop: string | null }> {
  const area = cropFor({ width: verified.width, height: verified.height }, ratio);
  if (!area) return { data, verified, crop: null };
  const image = sharp(data).extract(area);
  const out = await (
    verified.format === 'png'
      ? image.png()
      : verified.format === 'jpeg'
        ? image.jpeg({ quality: 95 })
        : image.webp({ quality: 95 })
  )
    .toBuffer()
    .catch((err: unknown) => {
      throw new UpstreamError('bad_output', 'the upstream image does not decode', { cause: err });
    });
  return {
    data: out,
    verified: { ...verified, width: area.width, height: area.height },
    crop: `${area.width}x${area.height}`,
  };
}
