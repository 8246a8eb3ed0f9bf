import { getTRPCErrorFromUnknown } from '@trpc/server';
import { ZodError, type z } from 'zod';
import { imageEditFormSchema, imageEditJsonSchema, imageGenerationSchema } from '@/contracts/images';
import type { IncomingHttpHeaders } from 'node:http';
import { createContext, presentedKey, type SessionIdentity } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { describeZodError, zodIssues } from '@/server/api/zod-errors';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@/server/db/unavailable';
import { requireScoped } from '@/server/domain/auth/guard';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { chatErrorAnswer } from '@/server/domain/chat/errors';
import { imagesAnswer, ImagesPending } from '@/server/domain/images/answer';
import { discardEditForm, readEditForm, storeEditFiles, type EditForm } from '@/server/domain/images/edit-form';
import { generateBodyOf, type EditImages, type ImagesBody } from '@/server/domain/images/request';
import { waitForJobs } from '@/server/domain/images/wait';
import { checkOwnFiles } from '@/server/domain/jobs/submit-inputs';
import { drainRequest, readBodyLimited } from '@/server/edge/http/body-limit';
import { AppError, fieldError } from '@/server/errors';
import { assertWellFormedInput } from '@/server/input-text';
import { isJsonContentType, nodeHeaders } from '@/server/request-headers';
import { getRuntime } from '@/server/runtime';
import { planOrThrow } from '@/server/upstreams/engine';
import { bindingFor } from '@/server/upstreams/registry';
import { imageNeeds } from '@/server/domain/jobs/types';

/**
 * OpenAI's Images API on Studio: `POST /api/images/generations` and `POST /api/images/edits`, reached
 * from the Node server in front of Next.js (key callers) and from the Next.js route
 * `src/app/api/images/[...path]` (the console's session, `next dev`); both run `serveImages`. A
 * request is translated into `/api/generate`'s body and submitted through the same procedures
 * (`jobs.generate`, `jobs.generateBatch`: charges, limits, idempotency, visibility, callbacks), then
 * waits for its jobs (`waitForJobs`) up to `STUDIO_IMAGES_WAIT_S`. Every answer is OpenAI's shape,
 * every error OpenAI's error object.
 */

const ROUTES: Record<string, 'generations' | 'edits'> = {
  '/api/images/generations': 'generations',
  '/api/images/edits': 'edits',
};

export const IMAGES_PREFIX = /^\/api\/images(\/|$)/;

/** Any error as the `AppError` it stands for: a procedure's tRPC error speaks through its cause. */
function appErrorOf(thrown: unknown): unknown {
  if (thrown instanceof AppError) return thrown;
  if (isDatabaseUnavailable(thrown)) return new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE, { retryAfter: 2 });
  const error = getTRPCErrorFromUnknown(thrown);
  if (error.cause instanceof AppError) return error.cause;
  if (error.cause instanceof ZodError)
    return new AppError('BAD_REQUEST', describeZodError(error.cause), { issues: zodIssues(error.cause) });
  if (isDatabaseUnavailable(error.cause)) return new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE, { retryAfter: 2 });
  return error.cause ?? thrown;
}

function errorResponse(thrown: unknown, extra: Record<string, string> = {}): Response {
  const err = appErrorOf(thrown);
  const answer = chatErrorAnswer(err, 'openai');
  let body = answer.body as { error: Record<string, unknown> };
  const headers = { ...answer.headers, ...extra };
  if (err instanceof ImagesPending) {
    body = { ...body, error: { ...body.error, code: 'job_pending', job_ids: err.jobIds, batch_id: err.batchId } };
    // The jobs run on and were charged: a client that retries 5xx on its own (the openai SDK) must not resubmit.
    headers['x-should-retry'] = 'false';
  }
  return Response.json(body, { status: answer.status, headers });
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new AppError('BAD_REQUEST', 'The body must be a JSON object');
  assertWellFormedInput(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', describeZodError(parsed.error), { issues: zodIssues(parsed.error) });
  return parsed.data;
}

async function jsonBody(req: Request, limit: number): Promise<unknown> {
  const raw = await readBodyLimited(req, limit);
  if (raw === null) throw new AppError('PAYLOAD_TOO_LARGE', `The body is larger than ${limit} bytes`);
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'The body could not be parsed as JSON');
  }
}

/** The text fields of a multipart edit as their JSON values: numbers and `input`'s object parsed, the rest text. */
function formValues(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const name of ['n', 'output_compression']) {
    const v = fields[name];
    if (v !== undefined) out[name] = /^\d{1,6}$/.test(v) ? Number(v) : v;
  }
  if (fields.stream !== undefined) out.stream = fields.stream === 'false' ? false : fields.stream;
  if (fields.input !== undefined) {
    try {
      out.input = JSON.parse(fields.input) as unknown;
    } catch {
      throw fieldError(['input'], 'must be a JSON object of the recipe’s fields');
    }
  }
  return out;
}

/** The edit's images: multipart files (checked before anything is stored) or JSON addresses of the caller's files. */
async function editOf(
  ctx: Context,
  who: ScopedIdentity,
  req: Request,
): Promise<{ body: ImagesBody; edit: EditImages }> {
  const type = req.headers.get('content-type') ?? '';
  if (isJsonContentType(type)) {
    const body = parse(imageEditJsonSchema, await jsonBody(req, ctx.config.maxBodyBytes));
    const images = body.images.map((i) => i.image_url);
    const mask = body.mask?.image_url ?? null;
    await checkOwnFiles(ctx, who, [
      ...images.map((url, i) => ({ field: ['images', i, 'image_url'], url })),
      ...(mask ? [{ field: ['mask', 'image_url'], url: mask }] : []),
    ]);
    const { images: _i, mask: _m, input_fidelity: _f, ...rest } = body;
    return { body: rest, edit: { images, mask } };
  }
  if (!/^multipart\/form-data\b/i.test(type) || !req.body)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the edit as multipart/form-data (files in image or image[], optional mask) or as JSON with images[].image_url',
    );
  const form: EditForm = await readEditForm(req.body, type, ctx.config.dataDir);
  try {
    const { input_fidelity: _f, ...body } = parse(imageEditFormSchema, formValues(form.fields));
    // What no upstream can do is refused before anything is stored (a mask today).
    await planOrThrow(ctx.db, {
      media: 'image',
      model: undefined,
      binding: await bindingFor(ctx, who.tenantId),
      needs: imageNeeds({
        reference_images: form.images.map((f) => f.file),
        mask: form.mask ? 'mask' : null,
        background: body.background === 'transparent' ? 'transparent' : null,
      }),
    });
    return { body, edit: await storeEditFiles(ctx, who, form) };
  } catch (err) {
    await discardEditForm(form);
    throw err;
  }
}

async function generationOf(ctx: Context, req: Request): Promise<ImagesBody> {
  const type = req.headers.get('content-type');
  if (type !== null && !isJsonContentType(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
  return parse(imageGenerationSchema, await jsonBody(req, ctx.config.maxBodyBytes));
}

async function serveOperation(req: Request, session: SessionIdentity | null, op: 'generations' | 'edits') {
  const ctx = await createContext(req.headers, session);
  const who = requireScoped(ctx);
  const { body, edit } =
    op === 'edits' ? await editOf(ctx, who, req) : { body: await generationOf(ctx, req), edit: null };
  const binding = await bindingFor(ctx, who.tenantId);
  const item = await generateBodyOf(ctx.db, who, binding, body, edit);
  const caller = createCaller(ctx);
  const n = body.n ?? 1;
  const submitted =
    n === 1
      ? { ids: [(await caller.jobs.generate(item)).jobId], batchId: null }
      : await caller.jobs
          .generateBatch({ items: Array.from({ length: n }, () => item) })
          .then((b) => ({ ids: b.jobs.map((j) => j.jobId), batchId: b.batch_id }));
  const { database } = await getRuntime();
  const waited = await waitForJobs(database, who, submitted.ids, ctx.config.images.waitMs, req.signal);
  if (!waited.ended) throw new ImagesPending(submitted.ids, submitted.batchId, ctx.config.images.waitMs / 1000);
  return Response.json(await imagesAnswer(ctx, waited.jobs, body), { headers: { 'cache-control': 'no-store' } });
}

/** Serves one request under `/api/images`: its operation, or OpenAI's 404 and 405. */
export async function serveImages(req: Request, session: SessionIdentity | null): Promise<Response> {
  const pathname = new URL(req.url).pathname.replace(/(.)\/+$/, '$1');
  const op = ROUTES[pathname];
  let response: Response;
  if (!op) {
    response = errorResponse(
      new AppError(
        'NOT_FOUND',
        `Invalid URL (${req.method} ${pathname}): Studio serves POST /api/images/generations and POST /api/images/edits of OpenAI's Images API`,
      ),
    );
  } else if (req.method !== 'POST') {
    response = errorResponse(new AppError('METHOD_NOT_ALLOWED', `Use POST on ${pathname}`), { allow: 'POST' });
  } else {
    try {
      response = await serveOperation(req, session, op);
    } catch (err) {
      response = errorResponse(err);
    }
  }
  if (response.status >= 400) await drainRequest(req);
  return response;
}

/**
 * True when the Node server in front of Next.js serves this request: a path under `/api/images` with
 * a key (a console session goes to Next.js), or one that serves nothing (its 404 needs no caller).
 */
export function isImagesRequest(url: string, headers: IncomingHttpHeaders): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  if (!IMAGES_PREFIX.test(pathname)) return false;
  return !ROUTES[pathname.replace(/(.)\/+$/, '$1')] || presentedKey(nodeHeaders(headers)) !== null;
}
