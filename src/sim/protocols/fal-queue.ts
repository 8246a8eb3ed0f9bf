import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { SimFalChannel } from '@/sim/channels';
import { CONTENT_TYPES } from '@/sim/media/file-store';
import { renderImage } from '@/sim/media/render';
import type { FaultHit, OutputFaultKind } from './faults';
import { FAL_SIM_MODELS, FalValidation, parseFalInput, type FalDetail, type FalParsed } from './fal-models';
import { falSimVideoModel, falVideoOutput, parseFalVideoInput, type FalVideoParsed } from './fal-video';
import { HttpError, sendJson, type Json } from './http';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * fal's queue (docs.fal.ai, Queue API): `POST /{endpoint id}` queues a model's input and answers
 * `{request_id, response_url, status_url, cancel_url, queue_position}`; under the app id (the first
 * two segments) `GET …/requests/{id}/status` answers IN_QUEUE (with `queue_position`), IN_PROGRESS,
 * then COMPLETED (with `error`/`error_type` when it failed), `GET …/requests/{id}` the output, and
 * `PUT …/requests/{id}/cancel` 202 CANCELLATION_REQUESTED or 400 ALREADY_COMPLETED. A request spends the
 * first half of the channel latency queued and the rest in progress; input is validated per model and
 * a bad one completes with fal's 422 details. The key is `Authorization: Key …`. Video endpoints
 * (fal-video.ts) share the queue and answer an MP4 in `video.url`.
 */

type Ctx = SimContext<SimFalChannel>;

interface FalRequest {
  id: string;
  channel: string;
  app: string;
  endpoint: string;
  createdAt: number;
  queuedUntil: number;
  doneAt: number;
  input: FalParsed | null;
  /** A video endpoint's input (fal-video.ts); its output is an MP4. */
  video: FalVideoParsed | null;
  /** Why the request failed: validation details, a refusal, or a `task_failed` code. */
  failure: { status: number; body: Json } | null;
  fault: OutputFaultKind | null;
  cancelledAt: number | null;
  result: Json | null;
}

const MAX_REQUESTS = 20_000;
const ERRORS_URL = 'https://docs.fal.ai/errors';
/** fal's request errors (docs.fal.ai/documentation/model-apis/request-errors): a flat `{detail, error_type}` with their status. */
const REQUEST_ERRORS: Record<string, number> = {
  request_timeout: 504,
  startup_timeout: 504,
  runner_scheduling_failure: 503,
  runner_connection_timeout: 503,
  runner_disconnected: 503,
  runner_connection_refused: 503,
  runner_connection_error: 503,
  runner_incomplete_response: 502,
  runner_server_error: 500,
  internal_error: 500,
};

const detailError = (status: number, detail: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { detail }, headers);

const typed = (details: FalDetail[]): Json =>
  ({ detail: details.map((d) => ({ ...d, url: d.url ?? `${ERRORS_URL}#${d.type}` })) }) as unknown as Json;

/** The body and status a request failed with for a `task_failed` code (default `internal_server_error`). */
function failureOf(code: string | null): { status: number; body: Json } {
  const c = code ?? 'internal_server_error';
  if (Object.hasOwn(REQUEST_ERRORS, c))
    return { status: REQUEST_ERRORS[c] ?? 500, body: { detail: `Simulated request error: ${c}`, error_type: c } };
  const status = c === 'internal_server_error' ? 500 : c === 'generation_timeout' ? 504 : 422;
  return { status, body: typed([{ loc: ['body'], msg: `Simulated model error: ${c}`, type: c }]) };
}

const REFUSAL: FalDetail = {
  loc: ['body', 'prompt'],
  msg: 'The content could not be processed because it contained material flagged by a content checker.',
  type: 'content_policy_violation',
};

export function falQueueProtocol(): Protocol<SimFalChannel> & { clear(): void } {
  const requests = new Map<string, FalRequest>();

  const urls = (ctx: Ctx, r: FalRequest) => {
    const base = `${ctx.origin}/${ctx.channel.name}/${r.app}/requests/${r.id}`;
    return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
  };
  const queuePosition = (r: FalRequest, now: number): number => {
    let ahead = 0;
    for (const o of requests.values()) {
      if (o === r) break;
      if (o.channel === r.channel && o.cancelledAt === null && o.queuedUntil > now) ahead += 1;
    }
    return ahead;
  };
  const stateOf = (r: FalRequest, now: number): 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' => {
    if (r.cancelledAt !== null || now >= r.doneAt) return 'COMPLETED';
    return now < r.queuedUntil ? 'IN_QUEUE' : 'IN_PROGRESS';
  };

  async function submit(ctx: Ctx): Promise<void> {
    const endpoint = ctx.path.slice(1);
    ctx.noteModel(endpoint);
    const model = FAL_SIM_MODELS[endpoint];
    const videoModel = falSimVideoModel(endpoint);
    if (!model && !videoModel) throw detailError(404, `Application '${endpoint}' not found`);
    let body: unknown;
    try {
      body = JSON.parse(ctx.body.toString('utf8'));
    } catch {
      throw new HttpError(422, typed([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]));
    }
    const now = Date.now();
    const r: FalRequest = {
      id: randomUUID(),
      channel: ctx.channel.name,
      app: endpoint.split('/').slice(0, 2).join('/'),
      endpoint,
      createdAt: now,
      queuedUntil: now + ctx.latencyMs / 2,
      doneAt: ctx.fault === 'task_never_finishes' ? Infinity : now + ctx.latencyMs,
      input: null,
      video: null,
      failure: null,
      fault: ctx.fault,
      cancelledAt: null,
      result: null,
    };
    try {
      if (videoModel) r.video = parseFalVideoInput(videoModel, body);
      else if (model) r.input = await parseFalInput(model, body);
    } catch (err) {
      if (!(err instanceof FalValidation)) throw err;
      r.failure = { status: 422, body: typed(err.details) };
    }
    if (!r.failure && ctx.fault === 'task_failed') r.failure = failureOf(ctx.faultCode);
    if (!r.failure && ctx.fault === 'content_refused' && !model?.nsfwChecker)
      r.failure = { status: 422, body: typed([REFUSAL]) };
    requests.set(r.id, r);
    if (requests.size > MAX_REQUESTS) requests.delete(requests.keys().next().value as string);
    sendJson(ctx.res, 200, {
      status: 'IN_QUEUE',
      request_id: r.id,
      ...urls(ctx, r),
      queue_position: queuePosition(r, now),
    });
  }

  /** The request a path names, under the app it was submitted to. */
  function find(ctx: Ctx): FalRequest {
    const m = /^\/(.+)\/requests\/([^/]+)/.exec(ctx.path);
    const r = m ? requests.get(m[2] ?? '') : undefined;
    if (!r || r.channel !== ctx.channel.name || r.app !== m?.[1]) throw detailError(404, 'Request not found');
    ctx.noteModel(r.endpoint);
    return r;
  }

  function status(ctx: Ctx): void {
    const r = find(ctx);
    const now = Date.now();
    const state = stateOf(r, now);
    const logs =
      ctx.query.get('logs') === '1'
        ? [{ message: 'Simulated run', level: 'INFO', timestamp: new Date(r.createdAt).toISOString(), source: 'user' }]
        : null;
    const out: Record<string, Json> = { status: state, request_id: r.id, ...urls(ctx, r), logs };
    if (state === 'IN_QUEUE') out.queue_position = queuePosition(r, now);
    if (state === 'COMPLETED') {
      out.metrics = { inference_time: Math.max(0, (Math.min(now, r.doneAt) - r.queuedUntil) / 1000) };
      if (r.cancelledAt !== null)
        Object.assign(out, { error: 'The request was cancelled.', error_type: 'request_cancelled' });
      else if (r.failure) {
        const b = r.failure.body as { detail: unknown; error_type?: string };
        const first = Array.isArray(b.detail) ? (b.detail[0] as FalDetail) : null;
        Object.assign(out, { error: first?.msg ?? String(b.detail), error_type: b.error_type ?? first?.type ?? null });
      }
    }
    sendJson(ctx.res, 200, out);
  }

  async function result(ctx: Ctx): Promise<void> {
    const r = find(ctx);
    if (stateOf(r, Date.now()) !== 'COMPLETED') throw detailError(400, 'Request is still in progress');
    if (r.cancelledAt !== null) throw detailError(400, 'Request was cancelled');
    if (r.failure) throw new HttpError(r.failure.status, r.failure.body);
    r.result ??= r.video ? falVideoOutput(r.video, r.fault, ctx.origin, ctx.files) : await output(ctx, r);
    sendJson(ctx.res, 200, r.result, { 'x-fal-request-id': r.id });
  }

  async function output(ctx: Ctx, r: FalRequest): Promise<Json> {
    const p = r.input as FalParsed;
    const model = FAL_SIM_MODELS[r.endpoint];
    const flagged = r.fault === 'content_refused' && Boolean(model?.nsfwChecker);
    let bytes = flagged
      ? await sharp({ create: { width: p.width, height: p.height, channels: 3, background: '#000' } })
          .toFormat(p.format)
          .toBuffer()
      : await renderImage({
          prompt: p.prompt,
          width: p.width,
          height: p.height,
          format: p.format,
          transparent: false,
          quality: null,
          variant: 0,
          references: p.references,
          compression: null,
        });
    if (r.fault === 'bad_output') bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
    const type = CONTENT_TYPES[p.format] ?? 'image/png';
    const name = ctx.files.put(p.format, bytes, type);
    const image = { url: `${ctx.origin}/__sim/files/${name}`, width: p.width, height: p.height, content_type: type };
    const out: Record<string, Json> = { images: [image], seed: 42, prompt: p.prompt };
    if (model?.nsfwChecker) out.has_nsfw_concepts = [flagged];
    return out;
  }

  function cancel(ctx: Ctx): void {
    const r = find(ctx);
    if (stateOf(r, Date.now()) === 'COMPLETED') return sendJson(ctx.res, 400, { status: 'ALREADY_COMPLETED' });
    r.cancelledAt = Date.now();
    sendJson(ctx.res, 202, { status: 'CANCELLATION_REQUESTED' });
  }

  const route = (method: string, path: string): Route<SimFalChannel> | null => {
    const req = /^\/.+\/requests\/[^/]+(\/status|\/cancel)?$/.exec(path);
    if (req) {
      if (method === 'GET' && req[1] === '/status') return { generation: false, handle: status };
      if (method === 'GET' && !req[1]) return { generation: false, handle: result };
      if (method === 'PUT' && req[1] === '/cancel') return { generation: false, handle: cancel };
      return null;
    }
    return method === 'POST' && /^\/[^/]+\/[^/]/.test(path) ? { generation: true, handle: submit } : null;
  };

  return {
    keyOf: (req) => /^Key\s+(.+)$/i.exec((req.headers.authorization ?? '').trim())?.[1]?.trim() ?? '',
    route,
    notFound: () => detailError(404, 'Not Found'),
    authError: (kind) =>
      detailError(
        401,
        kind === 'missing' ? 'Authentication is required to access this application.' : 'Invalid API key.',
      ),
    faultError,
    bodyTooLarge: () => detailError(413, 'Request body too large'),
    clear: () => requests.clear(),
  };
}

/** The faults in fal's shapes: `{detail}` for access errors, a request error's `{detail, error_type}` for 5xx. */
function faultError(hit: FaultHit): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return detailError(429, 'Concurrent request limit exceeded. Please wait before submitting more requests.', {
        'retry-after': String(hit.retryAfterS),
      });
    case 'invalid_key':
      return detailError(401, 'Invalid API key.');
    case 'unpaid':
      // fal's own answer for an account without balance (github.com/fal-ai/fal issues #1112, #1147).
      return detailError(
        403,
        'User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.',
      );
    default: {
      const type =
        hit.status === 503
          ? 'runner_scheduling_failure'
          : hit.status === 504
            ? 'request_timeout'
            : hit.status === 502
              ? 'runner_connection_error'
              : 'internal_error';
      return new HttpError(
        hit.status || 500,
        { detail: 'Simulated server error', error_type: type },
        { 'x-fal-error-type': type },
      );
    }
  }
}
