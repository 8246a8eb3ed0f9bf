import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest, declared } from '@/server/errors';
import type { UploadType } from './file-types';
import { FairPool, WaitedTooLong } from './fair-pool';

/**
 * Decodes an uploaded image in full before it is accepted: the right leading bytes with damaged or
 * cut-off data after them would otherwise be stored, and every upstream would then refuse the
 * generation that uses it. Audio and video are not decoded here.
 *
 * Decoding is bounded three ways, because a small file can cost seconds of CPU (an 8192 x 8192 WebP
 * of a few KB decodes for 4 s or more): by pixels (refused unread above {@link MAX_IMAGE_PIXELS}), by
 * time ({@link DECODE_SECONDS}, then 413), and by share: decodes run in two fair pools, one for cheap
 * images and one for expensive ones, where each tenant holds at most one slot of each and a freed slot
 * goes to the next tenant in turn. A tenant with {@link MAX_CHECKS_PER_OWNER} images in the check
 * already is answered 429. So one tenant flooding huge images neither delays another's small ones nor
 * waits in front of another's large ones for more than one turn.
 */

/** Most pixels decoded, all frames of an animation together: 8192 x 8192. More is refused unread. */
export const MAX_IMAGE_PIXELS = 8192 * 8192;
/** Longest decode of one image; a longer one is answered 413 (its slot stays held until it ends). */
export const DECODE_SECONDS = 6;
/** Images of one tenant in the check at once (waiting, decoding, or past their deadline). */
export const MAX_CHECKS_PER_OWNER = 8;
/** Longest wait for a decode slot before a 503 asks to retry. */
const MAX_WAIT_MS = 20_000;
/**
 * Decode cost per pixel relative to a baseline PNG or JPEG, measured with libvips: progressive and
 * interlaced images are loaded whole and decode some 15 times slower, WebP some 40 times slower.
 */
const COST_PER_PIXEL = { webp: 48, progressive: 16, gif: 2, other: 1 } as const;
/** Images up to this cost (a 2048 x 2048 PNG, a 295 x 295 WebP) decode in milliseconds: the cheap pool. */
export const CHEAP_DECODE_COST = 2048 * 2048;

// libvips spreads one decode over its own threads and every sharp call holds a libuv thread (four by
// default, shared with file I/O), so the two pools together run at most four.
const cheapPool = new FairPool({ slots: 2, perOwner: 1, maxWaitMs: MAX_WAIT_MS });
const costlyPool = new FairPool({ slots: 2, perOwner: 1, maxWaitMs: MAX_WAIT_MS });
const checksBy = new Map<string, number>();

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

/** Relative decode cost of an image from its header, in baseline pixels. */
export function decodeCost(meta: Pick<Metadata, 'format' | 'isProgressive'>, pixels: number): number {
  const perPixel =
    meta.format === 'webp'
      ? COST_PER_PIXEL.webp
      : meta.isProgressive
        ? COST_PER_PIXEL.progressive
        : meta.format === 'gif'
          ? COST_PER_PIXEL.gif
          : COST_PER_PIXEL.other;
  return pixels * perPixel;
}

/** What checking an image can answer, declared by every operation that takes an image file. */
export const IMAGE_CHECK_ERRORS = [
  declared('BAD_REQUEST', 'The file is not a png, jpg or webp image by its bytes, or does not decode in full'),
  declared('PAYLOAD_TOO_LARGE', 'The image is too large to check in time'),
  declared(
    'TOO_MANY_REQUESTS',
    'Too many images of this tenant are being checked at once; wait the `Retry-After` header’s seconds',
  ),
  declared('UNAVAILABLE', 'Images are being checked for many requests; retry after the `Retry-After` header’s seconds'),
];

const tooManyChecks = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `image: ${MAX_CHECKS_PER_OWNER} images of this tenant are being checked already; send the next when one is done`,
    { retryAfter: 2 },
  );
const busy = () =>
  new AppError('UNAVAILABLE', 'image: images are being checked for many requests; try again shortly', {
    retryAfter: 5,
    reason: 'unavailable',
  });
const tooSlow = (seconds: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `image: too large to check in time (decoding took over ${seconds} s); send fewer pixels or a png or jpg`,
  );

interface NativeCall {
  ended: boolean;
  done: Promise<void>;
}

interface Decode {
  owner: string;
  seconds: number;
  /** Notes the latest native call, so the tenant's count drops only when it ends. */
  track: (p: Promise<unknown>) => void;
}

/**
 * Runs `work` in `pool` on the owner's turn and answers when it ends or, if it started but did not end
 * within the deadline, with 413; the slot stays held until the native work really ends.
 */
function decodeInTime<T>(pool: FairPool, d: Decode, work: () => Promise<T>) {
  return new Promise<T>((resolve, reject) => {
    pool
      .run(d.owner, () => {
        const timer = setTimeout(() => reject(tooSlow(d.seconds)), d.seconds * 1000);
        const native = work().finally(() => clearTimeout(timer));
        d.track(native);
        native.then(resolve, reject);
        return native;
      })
      .catch((err: unknown) => reject(err instanceof WaitedTooLong ? busy() : (err as Error)));
  });
}

/**
 * Why an image upload is not a usable image (header and all pixel data are decoded; warnings that
 * decoders survive are allowed), or null when it is. `input` is a file path or the bytes; `owner` is
 * the tenant the request belongs to, whose share of the decode pools it uses. Throws 429 when the
 * tenant has too many images in the check, 503 when no slot came free in time, 413 when decoding
 * takes longer than `decodeSeconds` (libvips' own stop is in whole seconds, rounded up; the answer comes
 * at the deadline itself).
 */
export async function imageProblem(
  input: string | Buffer,
  type: UploadType,
  owner: string,
  decodeSeconds = DECODE_SECONDS,
): Promise<string | null> {
  if (type.mediaType !== 'image') return null;
  const held = checksBy.get(owner) ?? 0;
  if (held >= MAX_CHECKS_PER_OWNER) throw tooManyChecks();
  checksBy.set(owner, held + 1);
  const release = () => {
    const left = (checksBy.get(owner) ?? 1) - 1;
    if (left > 0) checksBy.set(owner, left);
    else checksBy.delete(owner);
  };
  // The tenant's count drops when the last native call ends, not when the caller is answered.
  let last: NativeCall = { ended: true, done: Promise.resolve() };
  const track = (p: Promise<unknown>) => {
    const call: NativeCall = { ended: false, done: Promise.resolve() };
    call.done = p.then(
      () => void (call.ended = true),
      () => void (call.ended = true),
    );
    last = call;
  };
  try {
    return await check(input, { owner, seconds: decodeSeconds, track });
  } finally {
    if (last.ended) release();
    else void last.done.then(release);
  }
}

async function check(input: string | Buffer, d: Decode) {
  let meta: Metadata;
  try {
    // The header only: cheap for every format, so it takes a turn of the cheap pool.
    meta = await decodeInTime(cheapPool, d, () =>
      sharp(input, { failOn: 'error', limitInputPixels: false }).metadata(),
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    return reasonOf(err);
  }
  if (!meta.width || !meta.height) return 'it has no dimensions';
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  const pixels = meta.width * frameHeight * frames;
  if (pixels > MAX_IMAGE_PIXELS) {
    const size = `${meta.width} x ${frameHeight}${frames > 1 ? ` x ${frames} frames` : ''}`;
    return `it has ${size} pixels, more than the ${Math.round(MAX_IMAGE_PIXELS / 1e6)} million checked; scale it down`;
  }
  const pool = decodeCost(meta, pixels) <= CHEAP_DECODE_COST ? cheapPool : costlyPool;
  const width = meta.width;
  try {
    await decodeInTime(pool, d, () =>
      // Every pixel of every frame is read, and only a 1 x 1 result is kept. The full-frame extract
      // keeps JPEG from being decoded at a reduced scale; the timeout stops the formats libvips
      // decodes in strips (the deadline of decodeInTime covers the others).
      sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, animated: true })
        .timeout({ seconds: Math.ceil(d.seconds) })
        .extract({ left: 0, top: 0, width, height: frameHeight })
        .resize(1, 1, { fit: 'fill' })
        .raw()
        .toBuffer(),
    );
    return null;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (/^timeout:/i.test(err instanceof Error ? err.message : '')) throw tooSlow(d.seconds);
    return reasonOf(err);
  }
}

/** Throws the 400 of {@link imageProblem} for an image that does not decode. */
export async function assertDecodableImage(input: string | Buffer, type: UploadType, owner: string): Promise<void> {
  const problem = await imageProblem(input, type, owner);
  if (problem) throw invalid(problem);
}
