import type { ImageGeneration, ImageInput, ImageOutput, ImageProvider } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { UpstreamError } from '@/server/upstreams/types';
import {
  apiPath,
  download,
  longCallAgent,
  MAX_ANSWER_BYTES,
  parseAnswer,
  probeOpenAiModels,
  readBounded,
  upstreamFetch,
  upstreamPost,
} from '@/server/upstreams/providers/http';

interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
}

const B64_KEY = Buffer.from('"b64_json"');
const STAND_IN = Buffer.from('"\\u0000"');

/**
 * An Images API answer: its JSON, and the first image when it came as base64. The image is decoded
 * straight from the answer's bytes and the rest parsed without it (the JSON text of a whole answer is
 * a copy of about 60 KB to 70 MB, and its parse another); when the bytes do not have the plain shape
 * looked for (an escape inside the value, the key elsewhere), the whole answer is parsed as JSON.
 */
export function imagesAnswer(bytes: Buffer): { json: ImagesResponse; image: Buffer | null } {
  const value = base64Value(bytes);
  if (value) {
    // The value replaced by a stand-in no upstream sends: it must come back as data[0].b64_json.
    const rest = parseAnswer<ImagesResponse>(
      Buffer.concat([bytes.subarray(0, value.start - 1), STAND_IN, bytes.subarray(value.end + 1)]),
    );
    if (rest.data?.[0]?.b64_json === '\u0000') {
      return { json: rest, image: Buffer.from(bytes.toString('latin1', value.start, value.end), 'base64') };
    }
  }
  const json = parseAnswer<ImagesResponse>(bytes);
  const b64 = json.data?.[0]?.b64_json;
  return { json, image: b64 ? Buffer.from(b64, 'base64') : null };
}

/** Where the first `"b64_json": "…"` value lies (between its quotes), when it holds no escape. */
function base64Value(bytes: Buffer): { start: number; end: number } | null {
  const key = bytes.indexOf(B64_KEY);
  if (key < 0) return null;
  let at = skipSpace(bytes, key + B64_KEY.length);
  if (bytes[at] !== 0x3a /* : */) return null;
  at = skipSpace(bytes, at + 1);
  if (bytes[at] !== 0x22 /* " */) return null;
  const start = at + 1;
  const end = bytes.indexOf(0x22, start);
  if (end < 0 || end === start) return null;
  const escape = bytes.indexOf(0x5c /* backslash */, start);
  if (escape >= 0 && escape < end) return null;
  return { start, end };
}

function skipSpace(bytes: Buffer, at: number): number {
  while (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09) at++;
  return at;
}

const MAX_RESULT_BYTES = 50 * 1024 * 1024;

/**
 * One Images API request as it goes on the wire: JSON for `/v1/images/generations`, multipart fields
 * and files for `/v1/images/edits` (reference images or a mask). Pure, so the request-schema test can
 * check every shape against OpenAI's published OpenAPI document.
 */
export type ImagesRequest =
  | { path: '/v1/images/generations'; json: Record<string, unknown> }
  | {
      path: '/v1/images/edits';
      fields: Record<string, string>;
      files: { field: 'image[]' | 'mask'; input: ImageInput }[];
    };

export function imagesRequest(model: string, req: ImageGeneration): ImagesRequest {
  const params: Record<string, string | number> = {
    model,
    prompt: req.prompt,
    n: 1,
    size: `${req.width}x${req.height}`,
  };
  // Only the parameters the model takes: a strict provider refuses an unknown one (`output_format` on DALL·E).
  if (req.outputFormat) params.output_format = req.outputFormat;
  if (req.quality) params.quality = req.quality;
  if (req.background) params.background = req.background;
  if ((req.referenceImages?.length ?? 0) > 0 || req.mask !== undefined) {
    const fields = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const files: { field: 'image[]' | 'mask'; input: ImageInput }[] = (req.referenceImages ?? []).map((input) => ({
      field: 'image[]' as const,
      input,
    }));
    if (req.mask) files.push({ field: 'mask', input: req.mask });
    return { path: '/v1/images/edits', fields, files };
  }
  return { path: '/v1/images/generations', json: params };
}

/**
 * OpenAI Images API: `/v1/images/generations`, or `/v1/images/edits` (multipart) when reference
 * images or a mask are given. Results may come as base64 or as a URL to download.
 */
export async function generateImage(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput> {
  const request = imagesRequest(target.model, req);
  let answer: { json: ImagesResponse; image: Buffer | null };
  if (request.path === '/v1/images/edits') {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.fields)) form.set(k, v);
    for (const { field, input } of request.files)
      form.append(field, new Blob([new Uint8Array(input.data)], { type: input.mime }), input.filename);
    const path = apiPath(target.baseUrl, request.path);
    const res = await upstreamFetch(target, path, { method: 'POST', body: form }, signal);
    if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
    answer = imagesAnswer(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
  } else {
    // undici's request rather than fetch: no web Request/Response per call, far less memory held while
    // thousands of generations wait on the upstream.
    const res = await upstreamPost(
      target,
      apiPath(target.baseUrl, request.path),
      JSON.stringify(request.json),
      signal,
      undefined,
      longCallAgent,
    );
    answer = imagesAnswer(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
  }
  const first = answer.json.data?.[0];
  if (answer.image && answer.image.length > 0)
    return { data: answer.image, declaredMime: req.outputFormat ? `image/${req.outputFormat}` : null };
  if (first?.url) {
    const file = await download(first.url, signal, MAX_RESULT_BYTES);
    return { data: file.data, declaredMime: file.contentType };
  }
  throw new UpstreamError('bad_output', 'the upstream answered without an image');
}

/** A cheap call that succeeds only with a working key: used to restore a removed upstream. */

/** The OpenAI Images API (`/v1/images/generations`, `/v1/images/edits`). */
export const openAiImages: ImageProvider = {
  media: 'image',
  generateCall: 'POST /v1/images/generations',
  generate: generateImage,
  probe: probeOpenAiModels,
};
