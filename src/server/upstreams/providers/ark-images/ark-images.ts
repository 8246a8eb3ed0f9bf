import type { ImageGeneration, ImageOutput, ImageProvider } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import {
  classOfCode,
  download,
  longCallAgent,
  MAX_ANSWER_BYTES,
  readBounded,
  upstreamFetch,
  upstreamPost,
} from '@/server/upstreams/providers/http';
import { imagesAnswer } from '@/server/upstreams/providers/openai-images/openai-images';
import { arkImagesBody, dataUri } from './ark-images-request';

/**
 * Volcengine Ark / BytePlus ModelArk image generation (Seedream, SeedEdit): one call answers the image.
 * `POST {base}/api/v3/images/generations` with the key as a bearer token; the answer is
 * `{model, created, data: [{b64_json | url, size} | {error}], usage}`, an error `{error: {code, message, param, type}}`
 * classified by its code (`InputTextSensitiveContentDetected…` refused, `AccountOverdueError` unpaid, …).
 */

export const GENERATIONS = '/api/v3/images/generations';
/** The probe: Ark's task list (the same key and API; free). Ark publishes no model listing on its data plane. */
export const PROBE = '/api/v3/contents/generations/tasks?page_num=1&page_size=1';

const MAX_RESULT_BYTES = 50 * 1024 * 1024;

interface ArkImageItem {
  b64_json?: string;
  url?: string;
  size?: string;
  error?: { code?: string; message?: string };
}

export interface ArkImagesAnswer {
  model?: string;
  created?: number;
  data?: ArkImageItem[];
  usage?: { generated_images?: number; output_tokens?: number; total_tokens?: number };
  error?: { code?: string; message?: string };
}

/** An error Ark reports inside a 200 answer (a group's failed image, or the answer's own `error`), classified by its code. */
export function itemError(err: { code?: string; message?: string }): UpstreamError {
  const code = err.code ?? 'unknown';
  return new UpstreamError(classOfCode(code) ?? 'server_error', err.message ?? `the upstream failed with ${code}`, {
    code,
  });
}

/** The image of an answer's bytes: base64 decoded in place, a URL downloaded, an item's error thrown classified. */
export async function imageOfAnswer(bytes: Buffer, signal: AbortSignal): Promise<ImageOutput> {
  const answer = imagesAnswer(bytes);
  const image = answer.image;
  const json: ArkImagesAnswer = answer.json;
  if (image && image.length > 0) return { data: image, declaredMime: 'image/jpeg' };
  const first = json.data?.[0];
  if (first?.error) throw itemError(first.error);
  if (first?.url) {
    const file = await download(first.url, signal, MAX_RESULT_BYTES);
    return { data: file.data, declaredMime: file.contentType };
  }
  if (json.error && typeof json.error === 'object') throw itemError(json.error);
  throw new UpstreamError('bad_output', 'the upstream answered without an image');
}

async function generate(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput> {
  const images = await Promise.all((req.referenceImages ?? []).map(dataUri));
  const body = arkImagesBody(target.model, req, images);
  // undici's request on the long-call agent, as the Images API adapter: thousands of generations may wait at once.
  const res = await upstreamPost(target, GENERATIONS, JSON.stringify(body), signal, undefined, longCallAgent);
  return imageOfAnswer(await readBounded(res.body, MAX_ANSWER_BYTES, signal), signal);
}

async function probe(target: Target, signal: AbortSignal): Promise<void> {
  const res = await upstreamFetch(target, PROBE, { method: 'GET' }, signal);
  await res.body?.cancel();
}

export const arkImages: ImageProvider = {
  media: 'image',
  generateCall: `POST ${GENERATIONS}`,
  generate,
  probe,
};
