import { isJsonContentType } from '@/server/request-headers';
import { READ_IMAGE_MAX_BYTES } from '@/contracts/reading';
import { AppError, badRequest, fieldError } from '@/server/errors';
import type { ImageSource } from '@/server/domain/reading/image-input';
import { readBodyLimited } from '@/server/edge/http/body-limit';
import type { SessionIdentity } from '@/server/api/context';
import type { Context } from '@/server/api/trpc';
import { answerEndpoint } from './endpoint';
import { assertWellFormedInput, textProblem } from '@/server/input-text';
import { bodyTooLarge } from '@/server/edge/http/body-limit';

/**
 * The request of the endpoints that read one image (`/api/reverse`, `/api/image-to-template`): a JSON
 * body with `image_url`, or a multipart form with a `file`, plus each endpoint's own parameters. The
 * endpoint says which names it takes; every other name is a 400 before the body is used.
 */

/** Multipart framing and text fields around a 6 MB file. */
const MULTIPART_SLACK = 64 * 1024;

export interface ImageRequest {
  source: ImageSource;
  /** The other parameters: JSON values from a JSON body, text from a form. */
  params: Record<string, unknown>;
  multipart: boolean;
}

function imageUrlOf(value: unknown): string {
  if (typeof value !== 'string') throw fieldError(['image_url'], 'must be a string: an http(s) address');
  const problem = textProblem(value);
  if (problem) throw fieldError(['image_url'], problem);
  if (value.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(value))
    throw fieldError(['image_url'], 'must be an http(s) address of at most 2048 characters');
  return value;
}

/**
 * Reads the request. `checkName` throws for a parameter the endpoint does not take (`image_url` and
 * `file` are always taken). A form's repeated text field becomes a list.
 */
export async function readImageRequest(
  req: Request,
  maxJsonBytes: number,
  checkName: (name: string) => void,
): Promise<ImageRequest> {
  const type = req.headers.get('content-type') ?? '';
  const params: Record<string, unknown> = {};
  if (isJsonContentType(type)) {
    const raw = await readBodyLimited(req, maxJsonBytes);
    if (raw === null)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The body is larger than ${maxJsonBytes} bytes; send the image as a multipart file instead`,
      );
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The body is not valid JSON');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The body must be a JSON object: {"image_url": "https://..."}');
    assertWellFormedInput(body);
    let url: unknown;
    for (const [name, value] of Object.entries(body)) {
      if (name === 'file') throw fieldError(['file'], 'send a file as multipart/form-data, not in JSON');
      if (name === 'image_url') url = value;
      else {
        checkName(name);
        params[name] = value;
      }
    }
    return { source: url === undefined ? {} : { url: imageUrlOf(url) }, params, multipart: false };
  }
  if (/^multipart\/form-data\b/i.test(type)) {
    const raw = await readBodyLimited(req, READ_IMAGE_MAX_BYTES + MULTIPART_SLACK);
    if (raw === null)
      throw badRequest(`image: larger than ${READ_IMAGE_MAX_BYTES / 1024 / 1024} MB; send a smaller png, jpg or webp`);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      throw badRequest('The multipart body could not be read: send one field named "file" with the image');
    }
    const source: ImageSource = {};
    for (const [name, value] of form.entries()) {
      if (name === 'file') {
        if (typeof value === 'string') throw fieldError(['file'], 'must be a file, not a text field');
        if (source.file) throw fieldError(['file'], 'give one file only');
        source.file = Buffer.from(await value.arrayBuffer());
      } else if (name === 'image_url') {
        if (source.url !== undefined) throw fieldError(['image_url'], 'give one address only');
        source.url = imageUrlOf(value);
      } else {
        checkName(name);
        if (typeof value !== 'string') throw fieldError([name], 'must be a text field, not a file');
        const problem = textProblem(value);
        if (problem) throw fieldError([name], problem);
        const before = params[name];
        params[name] =
          before === undefined ? value : Array.isArray(before) ? [...(before as string[]), value] : [before, value];
      }
    }
    return { source, params, multipart: true };
  }
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Send {"image_url": "..."} as application/json, or the image as multipart/form-data in a field named "file"',
  );
}

/**
 * Answers an image endpoint's request (`answerEndpoint`); a JSON body over the limit is the 413 of
 * every JSON body.
 */
export function answerImageEndpoint(
  req: Request,
  session: SessionIdentity | null,
  what: string,
  run: (ctx: Context) => Promise<Response>,
): Promise<Response> {
  return answerEndpoint(req, session, what, run, (err, ctx) =>
    err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE' ? bodyTooLarge(ctx.config.maxBodyBytes) : null,
  );
}
