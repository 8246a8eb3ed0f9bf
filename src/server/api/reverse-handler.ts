import { REMOVED_REVERSE_PARAMS, READ_IMAGE_MAX_BYTES } from '../../contracts/reverse';
import { AppError, badRequest, fieldError } from '../domain/errors';
import type { ImageSource } from '../domain/reverse/image-input';
import { reverseImage } from '../domain/reverse/reverse';
import { bodyTooLarge, drainRequest, readBodyLimited } from '../http/body-limit';
import { logger } from '../logger';
import { createContext, type SessionIdentity } from './context';
import { textProblem } from './input-text';
import { authFailureResponse, errorResponse } from './rest';

/** Multipart framing around a 6 MB file. */
const MULTIPART_SLACK = 64 * 1024;

const removed = (name: string) =>
  fieldError(
    [name],
    `was removed from /api/reverse on 2026-08-16: image reading takes only the image. Template conversion (variables, labels, creating a template, asynchronous runs) is POST /api/image-to-template`,
  );

/** Every parameter but the image is refused; the removed ones say where they went. */
function checkName(name: string): void {
  if ((REMOVED_REVERSE_PARAMS as readonly string[]).includes(name)) throw removed(name);
  if (name !== 'image_url' && name !== 'file') {
    throw fieldError([name], 'is not a parameter of /api/reverse; it takes only image_url (JSON) or a multipart file');
  }
}

function imageUrlOf(value: unknown): string {
  if (typeof value !== 'string') throw fieldError(['image_url'], 'must be a string: an http(s) address');
  const problem = textProblem(value);
  if (problem) throw fieldError(['image_url'], problem);
  if (value.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(value)) throw fieldError(['image_url'], 'must be an http(s) address of at most 2048 characters');
  return value;
}

async function sourceOf(req: Request, maxJsonBytes: number): Promise<ImageSource> {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\s*(;|$)/i.test(type)) {
    const raw = await readBodyLimited(req, maxJsonBytes);
    if (raw === null) throw new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${maxJsonBytes} bytes; send the image as a multipart file instead`);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The body is not valid JSON');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object: {"image_url": "https://..."}');
    for (const name of Object.keys(body)) {
      if (name === 'file') throw fieldError(['file'], 'send a file as multipart/form-data, not in JSON');
      checkName(name);
    }
    const url = (body as { image_url?: unknown }).image_url;
    return url === undefined ? {} : { url: imageUrlOf(url) };
  }
  if (/^multipart\/form-data\b/i.test(type)) {
    const raw = await readBodyLimited(req, READ_IMAGE_MAX_BYTES + MULTIPART_SLACK);
    if (raw === null) throw badRequest(`image: larger than ${READ_IMAGE_MAX_BYTES / 1024 / 1024} MB; send a smaller png, jpg or webp`);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      throw badRequest('The multipart body could not be read: send one field named "file" with the image');
    }
    const source: ImageSource = {};
    for (const [name, value] of form.entries()) {
      checkName(name);
      if (name === 'file') {
        if (typeof value === 'string') throw fieldError(['file'], 'must be a file, not a text field');
        if (source.file) throw fieldError(['file'], 'give one file only');
        source.file = Buffer.from(await value.arrayBuffer());
      } else {
        if (source.url !== undefined) throw fieldError(['image_url'], 'give one address only');
        source.url = imageUrlOf(value);
      }
    }
    return source;
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send {"image_url": "..."} as application/json, or the image as multipart/form-data in a field named "file"');
}

/**
 * `POST /api/reverse`: outside tRPC because it takes a JSON body or a multipart file. Called by the
 * REST front for key callers and by the console's route for sessions.
 */
export async function handleReverseRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  const response = await answer(req, session);
  if (response.status >= 400) await drainRequest(req);
  return response;
}

async function answer(req: Request, session: SessionIdentity | null): Promise<Response> {
  const ctx = await createContext(req.headers, session);
  const who = ctx.identity;
  if (!who) return authFailureResponse(ctx.authFailure);
  if (who.kind === 'admin') return errorResponse(403, 'The super-administrator key belongs to no tenant; read images with a tenant or member key', 'FORBIDDEN');
  try {
    const source = await sourceOf(req, ctx.config.maxBodyBytes);
    const result = await reverseImage(ctx, who, source);
    return Response.json(result, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    if (err instanceof AppError) {
      if (err.code === 'PAYLOAD_TOO_LARGE') return bodyTooLarge(ctx.config.maxBodyBytes);
      return errorResponse(err.status, err.message, err.code, err.retryAfter ? { 'retry-after': String(err.retryAfter) } : {}, err.issues);
    }
    logger.error({ err }, 'image reading failed');
    return errorResponse(500, 'Internal error; it has been logged', 'INTERNAL');
  }
}
