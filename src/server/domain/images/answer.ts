import sharp from 'sharp';
import type { Job } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { failureReason } from '@/server/domain/jobs/read';
import { AppError, type ErrorCode } from '@/server/errors';
import type { FileStore } from '@/server/storage/store';
import type { ImagesBody } from './request';

/** One image of the answer: OpenAI's `data[]` item. */
export type ImageDatum = { url: string } | { b64_json: string };

/** OpenAI's answer, plus what Studio adds under `studio`: the jobs, so they can be found in GET /api/jobs. */
export interface ImagesAnswer {
  created: number;
  data: ImageDatum[];
  background?: 'transparent' | 'opaque';
  output_format: 'png' | 'jpeg' | 'webp';
  quality: string;
  studio: { job_ids: string[]; batch_id: string | null; credits: number };
}

const FORMAT_OF_EXT: Record<string, ImagesAnswer['output_format']> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

async function readAll(files: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The stored result in the asked format: as stored when it already is, else converted. */
async function inFormat(bytes: Buffer, from: string, to: string, compression: number | undefined): Promise<Buffer> {
  if (from === to) return bytes;
  const img = sharp(bytes);
  if (to === 'png') return img.png().toBuffer();
  if (to === 'webp') return img.webp({ quality: compression ?? 90 }).toBuffer();
  return img
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: compression ?? 90 })
    .toBuffer();
}

/** Why a job failed, as the status and error a caller of OpenAI's API expects. */
export function failedJobError(job: Job): AppError {
  const reason = failureReason(job);
  const code: ErrorCode =
    reason === 'content_refused' || reason === 'invalid_input' || reason === 'invalid_parameter'
      ? 'BAD_REQUEST'
      : reason === 'capability_unsupported'
        ? 'BAD_REQUEST'
        : reason === 'timeout'
          ? 'GATEWAY_TIMEOUT'
          : 'UNAVAILABLE';
  const text = job.error ?? 'the image could not be made';
  return new AppError(code, `The image job ${job.id} failed: ${text}. Its credits were refunded.`, {
    reason:
      reason === 'content_refused'
        ? 'content_refused'
        : reason === 'capability_unsupported'
          ? 'capability_unsupported'
          : code === 'GATEWAY_TIMEOUT'
            ? 'timeout'
            : code === 'BAD_REQUEST'
              ? 'bad_request'
              : 'upstream_failed',
  });
}

/**
 * The answer to ended jobs: the images made, as base64 read from the store (the default, as OpenAI's
 * current image models answer) or as Studio's URLs (`response_format: url`). Jobs of a batch
 * that failed are left out (refunded like any failed job); when none was made, the first failure
 * is the error.
 */
export async function imagesAnswer(
  deps: Pick<Deps, 'files'>,
  ended: Job[],
  body: Pick<ImagesBody, 'response_format' | 'output_format' | 'output_compression' | 'background'>,
): Promise<ImagesAnswer> {
  const done = ended.filter((j) => j.status === 'done' && j.cdnUrl);
  const failed = ended.find((j) => j.status === 'failed');
  if (done.length === 0) throw failed ? failedJobError(failed) : new AppError('INTERNAL', 'no image was made');
  const data: ImageDatum[] = [];
  let format: ImagesAnswer['output_format'] = 'png';
  for (const job of done) {
    const url = job.cdnUrl ?? '';
    const key = deps.files.keyOf(url);
    const stored = FORMAT_OF_EXT[key?.split('.').pop() ?? ''] ?? 'png';
    if (body.response_format !== 'url') {
      if (!key) throw new AppError('INTERNAL', `the result of job ${job.id} is not in the store`);
      const target = body.output_format ?? stored;
      const bytes = await inFormat(await readAll(deps.files, key), stored, target, body.output_compression);
      data.push({ b64_json: bytes.toString('base64') });
      format = target;
    } else {
      data.push({ url });
      format = stored;
    }
  }
  const first = ended[0];
  const input = (first?.input ?? {}) as { quality?: string; background?: string | null };
  return {
    created: Math.floor((first?.createdAt.getTime() ?? Date.now()) / 1000),
    data,
    ...(input.background === 'transparent' || input.background === 'opaque' ? { background: input.background } : {}),
    output_format: format,
    quality: input.quality ?? 'high',
    studio: {
      job_ids: ended.map((j) => j.id),
      batch_id: first?.batchId ?? null,
      credits: ended.reduce((s, j) => s + j.credits - j.creditsRefunded, 0),
    },
  };
}

/** Past the deadline: the error that names the jobs still running, so the caller fetches them later. */
export class ImagesPending extends AppError {
  constructor(
    readonly jobIds: string[],
    readonly batchId: string | null,
    waitedS: number,
  ) {
    super(
      'GATEWAY_TIMEOUT',
      `The image is not ready after ${waitedS} s; it is still being made and was charged once. Fetch it with ` +
        `GET /api/jobs?id=${jobIds[0] ?? ''} (job ids in error.job_ids), or repeat this request with the same ` +
        'Idempotency-Key to wait again; do not resend it without one, which would make new images.',
      { reason: 'timeout' },
    );
  }
}
