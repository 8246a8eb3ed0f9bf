import { randomBytes } from 'node:crypto';
import type { SimReplicateChannel } from '@/sim/channels';
import { renderImage } from '@/sim/media/render';
import type { FaultHit } from './faults';
import { HttpError, isRecord, sendJson, wait } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import { replicateVideoFile, videoLogs } from './replicate-video';
import {
  findSimReplicateModel,
  findSimReplicateVersion,
  simVersionOf,
  validateInput,
  type InvalidField,
  type SimReplicateModel,
} from './replicate-models';

/**
 * Replicate's predictions API (replicate.com/docs/reference/http): `POST /v1/models/{owner}/{name}/predictions`
 * and `POST /v1/predictions` (`version`) create a prediction, `GET /v1/predictions/{id}` reads it,
 * `POST /v1/predictions/{id}/cancel` cancels it, `GET /v1/account` names the account. A prediction is
 * `starting` for the first fifth of the channel latency, `processing` until the latency has passed,
 * then `succeeded` with its picture served under `/__sim/files/`. `Prefer: wait[=n]` (n 1–60, default 60)
 * holds the creation until the prediction ends or n seconds pass, then answers it as it stands.
 */

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

interface SimPrediction {
  id: string;
  channel: string;
  model: SimReplicateModel;
  version: string | null;
  input: Record<string, unknown>;
  createdAtMs: number;
  startAtMs: number;
  /** Infinity: never finishes (`task_never_finishes`). */
  doneAtMs: number;
  canceledAtMs: number | null;
  fault: 'bad_output' | 'task_failed' | 'content_refused' | 'wrong_duration' | null;
  /** A video model's own refusal when it starts (a combination its schema allows but it cannot make). */
  modelError: string | null;
  failCode: string | null;
  /** The output URLs, made when the prediction is first seen succeeded. */
  output: string[] | null;
}

const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}) =>
  ({ title, detail, status, ...extra }) as const;
const fail = (status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
  new HttpError(status, problem(status, title, detail), headers);
const notFound = () => fail(404, 'Not found', 'The requested resource could not be found.');
const invalid = (fields: InvalidField[], title = 'Input validation failed') =>
  new HttpError(422, {
    ...problem(422, title, fields.map((f) => `- ${f.field}: ${f.description}`).join('\n')),
    invalid_fields: fields.map((f) => ({ ...f })),
  });

const UNPAID_DETAIL =
  'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit. ' +
  'Once you purchase credit, please wait a few minutes before trying again.';

/** The error text of a failed prediction: Replicate's is free text (no structured code). */
export const SENSITIVE_ERROR =
  'The input or output was flagged as sensitive. Please try again with different inputs. (E005)';
const failureText = (p: SimPrediction) =>
  p.modelError ??
  (p.fault === 'content_refused'
    ? SENSITIVE_ERROR
    : `Prediction failed${p.failCode ? ` (${p.failCode})` : ''}: the model raised an error while running.`);

function statusOf(p: SimPrediction, now: number): Status {
  if (p.canceledAtMs !== null) return 'canceled';
  if (now < p.startAtMs) return 'starting';
  if (p.modelError !== null) return 'failed';
  if (now < p.doneAtMs) return 'processing';
  return p.fault === 'task_failed' || p.fault === 'content_refused' ? 'failed' : 'succeeded';
}

/** The share of its run a prediction has done, 0–1. */
const progress = (p: SimPrediction, now: number) =>
  Math.max(0, Math.min(1, (now - p.startAtMs) / Math.max(1, p.doneAtMs - p.startAtMs)));

/** The width and height a prediction's picture has, from its input. */
function sizeOf(p: SimPrediction): { width: number; height: number } {
  const i = p.input;
  const custom = i.aspect_ratio === 'custom' || i.size === 'custom' || p.model.ref === 'bytedance/seedream-4';
  if (custom && typeof i.width === 'number' && typeof i.height === 'number') {
    // FLUX 1.1 [pro] rounds to the nearest multiple of 32 (its schema's note).
    const r = p.model.ref.endsWith('flux-1.1-pro') ? (v: number) => Math.round(v / 32) * 32 : (v: number) => v;
    return { width: r(i.width), height: r(i.height) };
  }
  const sizes = p.model.ratioSizes ?? {};
  const size = sizes[typeof i.aspect_ratio === 'string' ? i.aspect_ratio : '1:1'] ?? sizes['1:1'] ?? '1024x1024';
  const [width, height] = size.split('x').map(Number);
  return { width: width ?? 1024, height: height ?? 1024 };
}

async function outputOf(p: SimPrediction, ctx: SimContext): Promise<string[]> {
  if (p.output) return p.output;
  if (p.model.video) {
    p.output = [`${ctx.origin}/__sim/files/${replicateVideoFile(p.model.video, p.input, p.fault, ctx.files)}`];
    return p.output;
  }
  const format = typeof p.input.output_format === 'string' ? p.input.output_format : p.model.defaultFormat;
  const ext = format === 'jpg' ? 'jpeg' : (format as 'png' | 'webp' | 'jpeg');
  const { width, height } = sizeOf(p);
  const prompt = String(p.input.prompt);
  const picture = { prompt, width, height, format: ext, transparent: false, quality: null, variant: 0 };
  let bytes = await renderImage({ ...picture, references: [], compression: null });
  if (p.fault === 'bad_output') bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
  const name = ctx.files.put(ext, bytes, `image/${ext}`);
  p.output = [`${ctx.origin}/__sim/files/${name}`];
  return p.output;
}

async function predictionJson(p: SimPrediction, ctx: SimContext): Promise<Record<string, unknown>> {
  const now = Date.now();
  const status = statusOf(p, now);
  const iso = (ms: number) => new Date(ms).toISOString();
  const urls = {
    get: `${ctx.origin}/${p.channel}/v1/predictions/${p.id}`,
    cancel: `${ctx.origin}/${p.channel}/v1/predictions/${p.id}/cancel`,
    web: `https://replicate.com/p/${p.id}`,
  };
  const files = status === 'succeeded' ? await outputOf(p, ctx) : null;
  const ended = status === 'succeeded' || status === 'failed' || status === 'canceled';
  return {
    id: p.id,
    model: p.model.ref,
    version: p.version ?? 'hidden',
    input: p.input,
    logs: status === 'starting' ? '' : p.model.video ? videoLogs(progress(p, now)) : 'simulated run\n',
    output: files ? (p.model.output === 'list' ? files : files[0]) : null,
    data_removed: false,
    error: status === 'failed' ? failureText(p) : null,
    source: 'api',
    status,
    created_at: iso(p.createdAtMs),
    started_at: status === 'starting' ? null : iso(p.startAtMs),
    completed_at: ended ? iso(p.canceledAtMs ?? (p.modelError === null ? p.doneAtMs : p.startAtMs)) : null,
    urls,
    metrics: status === 'succeeded' ? { predict_time: (p.doneAtMs - p.startAtMs) / 1000 } : {},
  };
}

function readJsonBody(ctx: SimContext): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw fail(400, 'Bad request', 'The request body is not valid JSON.');
  }
  if (!isRecord(body))
    throw invalid([{ type: 'invalid_type', field: '', description: 'Invalid type. Expected: object' }]);
  return body;
}

/** Seconds of `Prefer: wait` (bare `wait`: 60), or null for an asynchronous creation. */
function preferWait(header: string | string[] | undefined): number | null {
  const m = /(?:^|[\s,;])wait(?:=(\d+))?(?:$|[\s,;])/.exec(typeof header === 'string' ? header : '');
  if (!m) return null;
  return Math.max(1, Math.min(60, m[1] ? Number(m[1]) : 60));
}

export function replicateProtocol(): Protocol<SimReplicateChannel> & { clear(): void } {
  const predictions = new Map<string, SimPrediction>();
  const MAX = 20_000;

  async function create(
    ctx: SimContext<SimReplicateChannel>,
    model: SimReplicateModel | undefined,
    version: string | null,
  ) {
    const body = readJsonBody(ctx);
    const allowed =
      version === null
        ? ['input', 'webhook', 'webhook_events_filter', 'stream']
        : ['version', 'input', 'webhook', 'webhook_events_filter', 'stream'];
    const extra = Object.keys(body).filter((k) => !allowed.includes(k));
    if (!('input' in body) || extra.length > 0)
      throw invalid([
        ...(!('input' in body) ? [{ type: 'required', field: '', description: 'input is required' }] : []),
        ...extra.map((k) => ({
          type: 'additional_property_not_allowed',
          field: '',
          description: `Additional property ${k} is not allowed`,
        })),
      ]);
    const m = model ?? (typeof body.version === 'string' ? findSimReplicateVersion(body.version) : undefined);
    if (!m || !ctx.channel.models.includes(m.ref))
      throw invalid(
        [{ type: 'invalid_version', field: 'version', description: 'Invalid version or not permitted' }],
        'Invalid version',
      );
    ctx.noteModel(m.ref);
    const problems = validateInput(m, body.input);
    if (problems.length > 0) throw invalid(problems);
    const now = Date.now();
    const latency = ctx.latencyMs;
    const fault = ctx.fault;
    const p: SimPrediction = {
      id: randomBytes(13)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'q')
        .slice(0, 26),
      channel: ctx.channel.name,
      model: m,
      version: version === null ? null : simVersionOf(m.ref),
      input: body.input as Record<string, unknown>,
      createdAtMs: now,
      startAtMs: now + Math.floor(latency / 5),
      doneAtMs: fault === 'task_never_finishes' ? Infinity : now + latency,
      canceledAtMs: null,
      fault:
        fault === 'bad_output' || fault === 'task_failed' || fault === 'content_refused' || fault === 'wrong_duration'
          ? fault
          : null,
      modelError: m.video?.check?.(body.input as Record<string, unknown>) ?? null,
      failCode: ctx.faultCode,
      output: null,
    };
    predictions.set(p.id, p);
    while (predictions.size > MAX) predictions.delete(predictions.keys().next().value as string);
    const waitS = preferWait(ctx.req.headers.prefer);
    if (waitS !== null) {
      const until = Math.min(p.doneAtMs, now + waitS * 1000);
      if (!(await wait(until - Date.now(), ctx.signal))) return;
    }
    sendJson(ctx.res, 201, await predictionJson(p, ctx));
  }

  const found = (ctx: SimContext<SimReplicateChannel>, id: string): SimPrediction => {
    const p = predictions.get(id);
    if (!p || p.channel !== ctx.channel.name) throw notFound();
    return p;
  };

  function route(method: string, path: string): Route<SimReplicateChannel> | null {
    const official = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (method === 'POST' && official) {
      const ref = `${decodeURIComponent(official[1] ?? '')}/${decodeURIComponent(official[2] ?? '')}`;
      return {
        generation: true,
        handle: (ctx) => {
          const m = findSimReplicateModel(ref);
          if (!m || !ctx.channel.models.includes(ref)) throw notFound();
          return create(ctx, m, null);
        },
      };
    }
    if (method === 'POST' && path === '/v1/predictions')
      return { generation: true, handle: (ctx) => create(ctx, undefined, '') };
    const one = /^\/v1\/predictions\/([A-Za-z0-9]+)(\/cancel)?$/.exec(path);
    if (one && method === 'GET' && !one[2])
      return {
        generation: false,
        handle: async (ctx) => sendJson(ctx.res, 200, await predictionJson(found(ctx, one[1] ?? ''), ctx)),
      };
    if (one && method === 'POST' && one[2])
      return {
        generation: false,
        handle: async (ctx) => {
          const p = found(ctx, one[1] ?? '');
          const s = statusOf(p, Date.now());
          if (s === 'starting' || s === 'processing') p.canceledAtMs = Date.now();
          sendJson(ctx.res, 200, await predictionJson(p, ctx));
        },
      };
    if (method === 'GET' && path === '/v1/account')
      return {
        generation: false,
        handle: (ctx) =>
          sendJson(ctx.res, 200, {
            type: 'organization',
            username: 'studio-sim',
            name: 'Studio simulator',
            github_url: null,
          }),
      };
    return null;
  }

  return {
    route,
    notFound: () => notFound(),
    authError: () => fail(401, 'Unauthenticated', 'You did not pass a valid authentication token'),
    faultError: (hit: FaultHit) => {
      switch (hit.fault) {
        case 'rate_limit':
          return new HttpError(
            429,
            problem(
              429,
              'Request was throttled.',
              `Request was throttled. Expected available in ${hit.retryAfterS} second.`,
              { retry_after: hit.retryAfterS },
            ),
            { 'retry-after': String(hit.retryAfterS) },
          );
        case 'invalid_key':
          return fail(401, 'Unauthenticated', 'You did not pass a valid authentication token');
        case 'unpaid':
          return fail(402, 'Insufficient credit', UNPAID_DETAIL);
        default:
          return fail(hit.status || 500, 'Internal Server Error', 'An unexpected error occurred. Please try again.');
      }
    },
    bodyTooLarge: () => fail(413, 'Request Entity Too Large', 'The request body is too large.'),
    clear: () => predictions.clear(),
  };
}
