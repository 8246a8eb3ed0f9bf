import { randomBytes } from 'node:crypto';
import { GEMINI_ASPECT_RATIOS, GEMINI_IMAGE_SIZES, type GeminiSize } from '@/contracts/presets/gemini';
import type { SimGeminiChannel } from '@/sim/channels';
import { checkImages, InvalidImageError, renderImage } from '@/sim/media/render';
import type { FaultHit } from './faults';
import { googleError, invalidArgument, parseGeminiRequest, type GeminiRequest } from './gemini-request';
import { HttpError, sendJson, wait, type Json } from './http';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * The Gemini API (ai.google.dev/api): `POST /v1beta/models/{model}:generateContent`,
 * `:streamGenerateContent?alt=sse`, `GET /v1beta/models` and `GET /v1beta/models/{model}`, the key in
 * `x-goog-api-key` or `?key=`. An image channel answers real PNGs at the documented size of the
 * ratio asked; a chat channel answers text, JSON, or a function call when functions are declared and
 * the last turn is not a function's response. Refuses what the API refuses, in Google's error object.
 */

type Ctx = SimContext<SimGeminiChannel>;
export const SIM_GEMINI_REPLY = 'This is a simulated Gemini reply.';
const IMAGE_TOKENS = 1290;

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const responseId = () => randomBytes(12).toString('base64url');

function methodOf(path: string): { model: string; method: string } | null {
  const m = /^\/v1beta\/models\/([^/:]+):([A-Za-z]+)$/.exec(path);
  return m ? { model: decodeURIComponent(m[1] ?? ''), method: m[2] ?? '' } : null;
}

function requireModel(ctx: Ctx, model: string): void {
  ctx.noteModel(model);
  if (!ctx.channel.models.includes(model))
    throw googleError(
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
    );
}

/** The image channel: the documented size of the ratio (and resolution) asked. */
async function imageAnswer(ctx: Ctx, model: string, req: GeminiRequest): Promise<Json> {
  const caps = ctx.channel.capabilities.image;
  if (!caps) throw invalidArgument('This model does not generate images.');
  const modalities = Array.isArray(req.generation.responseModalities) ? req.generation.responseModalities : ['IMAGE'];
  if (!modalities.map((m) => String(m).toUpperCase()).includes('IMAGE'))
    throw invalidArgument('Model does not support the requested response modalities: TEXT');
  const ratio = req.image.aspectRatio ?? '1:1';
  if (!(GEMINI_ASPECT_RATIOS as readonly string[]).includes(ratio))
    throw invalidArgument(`Unsupported aspect ratio: ${ratio}. Supported: ${GEMINI_ASPECT_RATIOS.join(', ')}.`);
  if (req.image.imageSize !== undefined && !caps.imageSizes)
    throw invalidArgument('Image size is not supported for this model.');
  const references = req.contents.flatMap((c) =>
    c.parts.flatMap((p) => (p.inlineData ? [Buffer.from(p.inlineData.data, 'base64')] : [])),
  );
  if (references.length > caps.maxReferenceImages)
    throw invalidArgument(`Too many input images: at most ${caps.maxReferenceImages}.`);
  try {
    await checkImages(references);
  } catch (err) {
    if (err instanceof InvalidImageError) throw invalidArgument('Unable to process input image. Please retry.');
    throw err;
  }
  const wanted = req.image.imageSize ?? (caps.imageSizes ? '1K' : undefined);
  const size = [...(GEMINI_IMAGE_SIZES[model] ?? new Map<string, GeminiSize>())].find(
    ([, s]) => s.aspectRatio === ratio && s.imageSize === wanted,
  )?.[0];
  if (!size) throw invalidArgument(`Unsupported image size: ${String(wanted)}.`);
  const [width, height] = size.split('x').map(Number) as [number, number];
  const prompt = req.contents.flatMap((c) => c.parts.map((p) => p.text ?? '')).join(' ');
  const usage = { promptTokenCount: tokens(prompt) + 258 * references.length, candidatesTokenCount: IMAGE_TOKENS };
  const usageMetadata = { ...usage, totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount };
  const base = { usageMetadata, modelVersion: model, responseId: responseId() };
  if (ctx.fault === 'content_refused') return { candidates: [{ finishReason: 'IMAGE_SAFETY', index: 0 }], ...base };
  if (ctx.fault === 'bad_output')
    return {
      candidates: [{ content: { role: 'model', parts: [{ text: 'No image.' }] }, finishReason: 'STOP', index: 0 }],
      ...base,
    };
  const png = await renderImage({
    prompt,
    width,
    height,
    format: 'png',
    transparent: false,
    quality: null,
    variant: 0,
    references,
    compression: null,
  });
  const part = { inlineData: { mimeType: 'image/png', data: png.toString('base64') } };
  return { candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }], ...base };
}

/** The chat channel: one or more candidates of text, JSON, or a function call. */
function chatAnswer(ctx: Ctx, model: string, req: GeminiRequest, bodyBytes: number): Json {
  const caps = ctx.channel.capabilities.chat;
  if (!caps) throw invalidArgument('This model only generates images.');
  const last = req.contents.at(-1);
  for (const [i, c] of req.contents.entries()) {
    const answers = c.parts.filter((p) => p.functionResponse).map((p) => p.functionResponse?.name);
    if (answers.length === 0) continue;
    const called = new Set(req.contents[i - 1]?.parts.map((p) => p.functionCall?.name).filter(Boolean));
    if (req.contents[i - 1]?.role !== 'model' || answers.some((n) => !called.has(n)))
      throw invalidArgument('Please ensure that function response turn comes immediately after a function call turn.');
  }
  const usage = { promptTokenCount: Math.max(1, Math.ceil(bodyBytes / 4)) };
  const base = { modelVersion: model, responseId: responseId() };
  if (ctx.fault === 'content_refused')
    return {
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { ...usage, totalTokenCount: usage.promptTokenCount },
      ...base,
    };
  const answeredTool = last?.parts.some((p) => p.functionResponse) ?? false;
  const callable = req.allowed.length > 0 ? req.allowed : req.functions;
  const callsTool = req.mode !== 'NONE' && callable.length > 0 && (!answeredTool || req.mode === 'ANY');
  const json = req.generation.responseMimeType === 'application/json';
  let text = json ? JSON.stringify({ reply: SIM_GEMINI_REPLY }) : SIM_GEMINI_REPLY;
  let finish = 'STOP';
  const limit = req.generation.maxOutputTokens;
  if (typeof limit === 'number' && limit < tokens(text)) {
    text = text.slice(0, Math.max(1, limit * 4));
    finish = 'MAX_TOKENS';
  }
  const parts: Json[] = callsTool
    ? [{ functionCall: { name: callable[0] ?? '', args: { query: 'simulated' } } }]
    : [{ text }];
  const n = typeof req.generation.candidateCount === 'number' ? req.generation.candidateCount : 1;
  const candidates = Array.from({ length: n }, (_, index) => ({
    content: { role: 'model', parts },
    finishReason: finish,
    index,
  }));
  const out = n * tokens(JSON.stringify(parts));
  return {
    // `missing_fields`: Gemini's empty answer, each candidate a finish reason and no `content`.
    candidates: ctx.fault === 'missing_fields' ? candidates.map(({ content: _, ...rest }) => rest) : candidates,
    usageMetadata: { ...usage, candidatesTokenCount: out, totalTokenCount: usage.promptTokenCount + out },
    ...base,
  };
}

/** The answer as the stream sends it: the text in pieces, the finish and the usage with the last one. */
function streamEvents(answer: Record<string, Json>): Json[] {
  const candidates = answer.candidates as { content?: { parts: { text?: string }[] } }[] | undefined;
  const text = candidates?.[0]?.content?.parts[0]?.text;
  if (!candidates || candidates.length !== 1 || typeof text !== 'string') return [answer];
  const pieces = text.split(/(?<= )/);
  const { usageMetadata, ...rest } = answer;
  return pieces.map((piece, i) => {
    const lastPiece = i === pieces.length - 1;
    const candidate = lastPiece
      ? { ...candidates[0], content: { role: 'model', parts: [{ text: piece }] } }
      : { content: { role: 'model', parts: [{ text: piece }] }, index: 0 };
    return { ...rest, candidates: [candidate], ...(lastPiece ? { usageMetadata } : {}) } as Json;
  });
}

async function generate(ctx: Ctx): Promise<void> {
  const call = methodOf(ctx.path);
  if (!call) throw googleError(404, 'NOT_FOUND', `${ctx.path} not found`);
  requireModel(ctx, call.model);
  const req = parseGeminiRequest(ctx.body);
  const isImage = ctx.channel.capabilities.image !== null;
  const answer = (
    isImage ? await imageAnswer(ctx, call.model, req) : chatAnswer(ctx, call.model, req, ctx.body.length)
  ) as Record<string, Json>;
  if (!(await wait(ctx.latencyMs, ctx.signal))) return;
  const headers = { 'x-studio-simulator': '1' };
  if (ctx.fault === 'bad_output' && !isImage) {
    ctx.res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=UTF-8' });
    ctx.res.end('{"candidates": [{"content": {');
    return;
  }
  const streamBreak = ctx.fault === 'stream_break' && !isImage;
  const events = call.method === 'generateContent' ? null : streamEvents(answer);
  const whole = events ?? answer;
  if (events === null || ctx.query.get('alt') !== 'sse') {
    if (!streamBreak) return sendJson(ctx.res, 200, whole, headers);
    // Status line, headers (the whole length) and half of the body, then the connection drops.
    const text = JSON.stringify(whole);
    ctx.res.writeHead(200, {
      ...headers,
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
    });
    ctx.res.write(text.slice(0, Math.floor(text.length / 2)), () => ctx.breakConnection());
    return;
  }
  ctx.res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const line = (event: Json) => `data: ${JSON.stringify(event)}\r\n\r\n`;
  if (streamBreak) {
    // About half of the events (at least one), so the finish reason never arrives; one event is cut in two.
    const kept = events.length > 1 ? events.slice(0, Math.floor(events.length / 2)) : [];
    for (const event of kept.slice(0, -1)) {
      ctx.res.write(line(event));
      if (!(await wait(ctx.chunkDelayMs, ctx.signal))) return;
    }
    const last = kept.at(-1);
    const one = line(events[0] ?? {});
    const tail = last === undefined ? one.slice(0, Math.floor(one.length / 2)) : line(last);
    ctx.res.write(tail, () => ctx.breakConnection());
    return;
  }
  for (const event of events) {
    ctx.res.write(line(event));
    if (!(await wait(ctx.chunkDelayMs, ctx.signal))) return;
  }
  ctx.res.end();
}

function modelInfo(channel: SimGeminiChannel, id: string): Json {
  const image = channel.capabilities.image !== null;
  return {
    name: `models/${id}`,
    version: '001',
    displayName: `${id} (simulated)`,
    description: 'A simulated Gemini model.',
    inputTokenLimit: image ? 32_768 : (channel.capabilities.chat?.contextTokens ?? 1_048_576),
    outputTokenLimit: image ? 32_768 : 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  };
}

function models(ctx: Ctx): void {
  const pageSize = Number(ctx.query.get('pageSize') ?? 50);
  const start = Number(ctx.query.get('pageToken') ?? 0) || 0;
  const ids = ctx.channel.models.slice(start, start + Math.max(1, pageSize || 50));
  const next = start + ids.length < ctx.channel.models.length ? String(start + ids.length) : undefined;
  sendJson(ctx.res, 200, {
    models: ids.map((id) => modelInfo(ctx.channel, id)),
    ...(next ? { nextPageToken: next } : {}),
  });
}

function model(ctx: Ctx): void {
  const id = decodeURIComponent(ctx.path.slice('/v1beta/models/'.length));
  if (!ctx.channel.models.includes(id)) throw googleError(404, 'NOT_FOUND', `models/${id} is not found`);
  sendJson(ctx.res, 200, modelInfo(ctx.channel, id));
}

const GENERATE: Route<SimGeminiChannel> = { generation: true, handle: generate };

function route(method: string, path: string): Route<SimGeminiChannel> | null {
  if (method === 'GET' && path === '/v1beta/models') return { generation: false, handle: models };
  if (method === 'GET' && /^\/v1beta\/models\/[^/:]+$/.test(path)) return { generation: false, handle: model };
  const call = methodOf(path);
  if (method === 'POST' && (call?.method === 'generateContent' || call?.method === 'streamGenerateContent'))
    return GENERATE;
  return null;
}

const KEY_INVALID = (): HttpError =>
  googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
  ]);

/** The faults in Google's error object: quota with RetryInfo, an invalid key, billing, overload. */
function faultError(hit: FaultHit): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota. Please retry later.', [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests' }],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${hit.retryAfterS}s` },
      ]);
    case 'invalid_key':
      return KEY_INVALID();
    case 'unpaid':
      return googleError(
        400,
        'FAILED_PRECONDITION',
        'User location is not supported for the API use without a billing account linked.',
      );
    default:
      if (hit.status === 503)
        return googleError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
      if (hit.status === 504)
        return googleError(504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.');
      if (hit.status === 502) return googleError(502, 'UNAVAILABLE', 'The service is currently unavailable.');
      return googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report.');
  }
}

export const geminiProtocol: Protocol<SimGeminiChannel> = {
  // `x-goog-api-key` (the API reference and Google's clients), or the `key` query parameter.
  keyOf: (req, query) => {
    const header = req.headers['x-goog-api-key'];
    if (typeof header === 'string') return header.trim();
    return query.get('key')?.trim() ?? '';
  },
  route,
  notFound: (method, path) => googleError(404, 'NOT_FOUND', `${method} ${path} is not a Gemini API method`),
  authError: (kind) =>
    kind === 'missing'
      ? googleError(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). " +
            'Please use API Key or other form of API consumer identity to call this API.',
        )
      : KEY_INVALID(),
  faultError,
  bodyTooLarge: (limit) => invalidArgument(`Request payload size exceeds the limit: ${limit} bytes.`),
};
