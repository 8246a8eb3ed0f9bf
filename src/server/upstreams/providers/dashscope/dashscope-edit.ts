import type { ImageGeneration, ImageInput, ImageTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';

/**
 * Qwen-Image-Edit on DashScope (Alibaba Cloud Model Studio API reference "Qwen - image editing"): one
 * synchronous call, `POST /api/v1/services/aigc/multimodal-generation/generation` without
 * `X-DashScope-Async`, whose answer names the edited image by URL. The input images and the instruction
 * are one user message: `{image}` items (URL or data URI, 1 to 3) then one `{text}` item.
 */

export const EDIT_PATH = '/api/v1/services/aigc/multimodal-generation/generation';

/** The Qwen image-editing models (`qwen-image-edit`, `-plus`, `-max` and their dated snapshots). */
export const isQwenEditModel = (model: string): boolean => /^qwen-image-edit(-|$)/.test(model);

/**
 * The plus and max series take `size` (each side 512–2048), `n` and `prompt_extend`; `qwen-image-edit`
 * itself takes none of them: one image, its size following the last input image at about 1024×1024
 * pixels (Studio crops it to the ratio asked).
 */
export const takesEditSize = (model: string): boolean => /^qwen-image-edit-(plus|max)(-|$)/.test(model);

/** The reference allows up to 3 input images. */
export const MAX_EDIT_IMAGES = 3;

export interface QwenEditRequest {
  model: string;
  input: {
    messages: [{ role: 'user'; content: ({ image: string } | { text: string })[] }];
  };
  parameters: { n?: 1; size?: string; prompt_extend?: false; watermark: false };
}

const dataUri = (img: ImageInput): string => `data:${img.mime};base64,${img.data.toString('base64')}`;

/**
 * The call's body: the caller's prompt as written (`prompt_extend: false` where the model has the
 * rewriting), no watermark, one image. A call without an input image, with more than the model takes or
 * with a mask is refused before it is made (`unsupported`: routing sends none of these here).
 */
export function qwenEditBody(model: string, req: ImageGeneration): QwenEditRequest {
  const refs = req.referenceImages ?? [];
  if (req.mask) throw new UpstreamError('unsupported', `${model} takes no mask`, { code: 'mask' });
  if (refs.length === 0)
    throw new UpstreamError('unsupported', `${model} edits images: it needs at least one`, { code: 'images' });
  if (refs.length > MAX_EDIT_IMAGES)
    throw new UpstreamError('unsupported', `${model} takes at most ${MAX_EDIT_IMAGES} images`, { code: 'images' });
  const content = [...refs.map((r) => ({ image: dataUri(r) })), { text: req.prompt }];
  const parameters: QwenEditRequest['parameters'] = takesEditSize(model)
    ? { n: 1, size: `${req.width}*${req.height}`, prompt_extend: false, watermark: false }
    : { watermark: false };
  return { model, input: { messages: [{ role: 'user', content }] }, parameters };
}

export interface QwenEditAnswer {
  request_id?: string;
  output?: { choices?: { finish_reason?: string; message?: { role?: string; content?: { image?: string }[] } }[] };
  usage?: { width?: number; height?: number; image_count?: number };
}

/** The answer as a finished task (the call is the whole task): the first image URL of the first choice. */
export function qwenEditState(answer: QwenEditAnswer): ImageTaskState {
  const url = answer.output?.choices?.[0]?.message?.content?.find((c) => typeof c.image === 'string' && c.image)?.image;
  if (!url) throw new UpstreamError('bad_output', 'the upstream answered the edit without an image');
  return { id: answer.request_id ?? 'edit', status: 'succeeded', image: { url }, error: null };
}
