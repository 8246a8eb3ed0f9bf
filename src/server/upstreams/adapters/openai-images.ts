import type { ImageQuality } from '../../../contracts/jobs';
import type { Target } from '../types';
import { UpstreamError } from '../types';
import { download, longCallAgent, readAnswerJson, readJson, upstreamFetch, upstreamPost } from './http';

export interface ImageInput {
  data: Buffer;
  mime: string;
  filename: string;
}

export interface ImageGeneration {
  prompt: string;
  width: number;
  height: number;
  quality?: ImageQuality | undefined;
  /** transparent forces PNG output with alpha. */
  background?: 'transparent' | 'opaque' | undefined;
  outputFormat: 'png' | 'jpeg';
  referenceImages?: ImageInput[];
  mask?: ImageInput | undefined;
}

export interface ImageOutput {
  data: Buffer;
  /** As declared by the upstream; the caller verifies the bytes. */
  declaredMime: string | null;
}

interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
}

const MAX_RESULT_BYTES = 50 * 1024 * 1024;

/**
 * OpenAI Images API: `/v1/images/generations`, or `/v1/images/edits` (multipart) when reference
 * images or a mask are given. Results may come as base64 or as a URL to download.
 */
export async function generateImage(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput> {
  const size = `${req.width}x${req.height}`;
  const edits = (req.referenceImages?.length ?? 0) > 0 || req.mask !== undefined;
  let json: ImagesResponse;
  if (edits) {
    const form = new FormData();
    form.set('model', target.model);
    form.set('prompt', req.prompt);
    form.set('size', size);
    form.set('n', '1');
    form.set('output_format', req.outputFormat);
    if (req.quality) form.set('quality', req.quality);
    if (req.background) form.set('background', req.background);
    for (const img of req.referenceImages ?? []) {
      form.append('image[]', new Blob([new Uint8Array(img.data)], { type: img.mime }), img.filename);
    }
    if (req.mask) form.set('mask', new Blob([new Uint8Array(req.mask.data)], { type: req.mask.mime }), req.mask.filename);
    const res = await upstreamFetch(target, '/v1/images/edits', { method: 'POST', body: form }, signal);
    json = await readJson<ImagesResponse>(res, signal);
  } else {
    const body: Record<string, unknown> = {
      model: target.model,
      prompt: req.prompt,
      n: 1,
      size,
      output_format: req.outputFormat,
    };
    if (req.quality) body.quality = req.quality;
    if (req.background) body.background = req.background;
    // undici's request rather than fetch: no web Request/Response per call, far less memory held while
    // thousands of generations wait on the upstream.
    const answer = await upstreamPost(target, '/v1/images/generations', JSON.stringify(body), signal, undefined, longCallAgent);
    json = await readAnswerJson<ImagesResponse>(answer, signal);
  }
  const first = json.data?.[0];
  if (first?.b64_json) return { data: Buffer.from(first.b64_json, 'base64'), declaredMime: `image/${req.outputFormat}` };
  if (first?.url) {
    const file = await download(first.url, signal, MAX_RESULT_BYTES);
    return { data: file.data, declaredMime: file.contentType };
  }
  throw new UpstreamError('bad_output', 'the upstream answered without an image');
}

/** A cheap call that succeeds only with a working key: used to restore a removed upstream. */
export async function probeOpenAi(target: Target, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, '/v1/models', { method: 'GET' }, signal);
}
