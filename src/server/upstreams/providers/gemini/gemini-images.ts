import {
  GEMINI_ASPECT_RATIOS,
  GEMINI_IMAGE_SIZE_MODELS,
  GEMINI_IMAGE_SIZES,
  type GeminiSize,
} from '@/contracts/presets/gemini';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import type { ImageGeneration, ImageOutput, ImageProvider } from '@/server/upstreams/providers/types';
import { longCallAgent, MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import { geminiCall, modelPath, probeGemini } from './gemini-http';

/**
 * Gemini image generation (ai.google.dev/gemini-api/docs/image-generation): one `generateContent` call,
 * the prompt as a text part, reference images as `inlineData` parts, images only in the answer
 * (`responseModalities: ['IMAGE']`), the ratio in `imageConfig.aspectRatio` and, for the models that
 * take it, the resolution in `imageConfig.imageSize`.
 */

interface Part {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
}

export interface GenerateContentResponse {
  candidates?: { content?: { role?: string; parts?: Part[] }; finishReason?: string; index?: number }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: object;
  modelVersion?: string;
  responseId?: string;
}

/** Finish reasons that say the provider's safety system stopped the answer: the caller's content. */
export const REFUSAL_FINISH = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** Long side (px) below which a size not in the documented table is asked as 1K, then 2K; above: 4K. */
const RESOLUTION_STEPS: [number, GeminiSize['imageSize']][] = [
  [1600, '1K'],
  [3200, '2K'],
];

/**
 * The ratio (and resolution) of a size: the documented table of the model id, else the closest of
 * Gemini's ten ratios (a channel's own `sizes` outside the table).
 */
export function geminiSizeOf(model: string, width: number, height: number): GeminiSize {
  const known = GEMINI_IMAGE_SIZES[model]?.get(`${width}x${height}`);
  if (known) return known;
  const shape = Math.log(width / height);
  let best: (typeof GEMINI_ASPECT_RATIOS)[number] = '1:1';
  for (const r of GEMINI_ASPECT_RATIOS) {
    const [a, b] = r.split(':').map(Number) as [number, number];
    const [ba, bb] = best.split(':').map(Number) as [number, number];
    if (Math.abs(Math.log(a / b) - shape) < Math.abs(Math.log(ba / bb) - shape)) best = r;
  }
  if (!GEMINI_IMAGE_SIZE_MODELS.has(model)) return { aspectRatio: best };
  const long = Math.max(width, height);
  return { aspectRatio: best, imageSize: RESOLUTION_STEPS.find(([max]) => long <= max)?.[1] ?? '4K' };
}

/** The `generateContent` body of an image generation. */
export function imageRequest(model: string, req: ImageGeneration): Record<string, unknown> {
  const size = geminiSizeOf(model, req.width, req.height);
  const parts: Record<string, unknown>[] = [{ text: req.prompt }];
  for (const image of req.referenceImages ?? [])
    parts.push({ inlineData: { mimeType: image.mime, data: image.data.toString('base64') } });
  return {
    contents: [{ role: 'user', parts }],
    generationConfig: {
      responseModalities: ['IMAGE'],
      imageConfig: { aspectRatio: size.aspectRatio, ...(size.imageSize ? { imageSize: size.imageSize } : {}) },
    },
  };
}

/**
 * The first image of the first candidate (thought images of the models that think are drafts, not the
 * answer). No image: refused when the prompt or the answer was blocked, else bad output.
 */
export function imageFrom(answer: GenerateContentResponse): ImageOutput {
  const block = answer?.promptFeedback?.blockReason;
  if (block) throw new UpstreamError('refused', 'the provider refused the prompt', { code: block });
  const candidate = answer?.candidates?.[0];
  const part = candidate?.content?.parts?.find(
    (p) => !p.thought && typeof p.inlineData?.data === 'string' && /^image\//.test(p.inlineData.mimeType ?? ''),
  );
  if (part?.inlineData?.data) {
    const data = Buffer.from(part.inlineData.data, 'base64');
    if (data.length > 0) return { data, declaredMime: part.inlineData.mimeType ?? null };
  }
  const finish = candidate?.finishReason;
  if (finish && REFUSAL_FINISH.has(finish))
    throw new UpstreamError('refused', 'the provider refused the content', { code: finish });
  throw new UpstreamError('bad_output', 'the upstream answered without an image', { code: finish });
}

async function generate(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput> {
  if (req.mask) throw new UpstreamError('unsupported', 'Gemini image models take no mask', { status: 400 });
  const body = JSON.stringify(imageRequest(target.model, req));
  const answer = await geminiCall(
    target,
    'POST',
    modelPath(target.model, 'generateContent'),
    body,
    signal,
    longCallAgent,
  );
  return imageFrom(parseAnswer<GenerateContentResponse>(await readBounded(answer, MAX_ANSWER_BYTES, signal)));
}

export const geminiImages: ImageProvider = {
  media: 'image',
  generateCall: 'POST /v1beta/models/{model}:generateContent',
  generate,
  probe: probeGemini,
};
