import type { ImageGeneration } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';

/**
 * DashScope's image-synthesis task requests (Alibaba Cloud Model Studio API reference: "Wan text-to-image
 * V2", "Wan 2.5 image edit", "Qwen-Image"). Text-to-image and image edit are two endpoints; the model
 * decides which one takes it.
 */

export const T2I_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
export const I2I_PATH = '/api/v1/services/aigc/image2image/image-synthesis';
export const TASKS_PATH = '/api/v1/tasks';

/** The image-edit models of the `image2image` endpoint (the Python SDK 1.26.2 tells them the same way: `wan2.5-i2i`). */
export function isEditModel(model: string): boolean {
  return /(^|-)i2i(-|$)/.test(model) || model.includes('imageedit');
}

/**
 * Wan 2.1 general image editing (`wanx2.1-imageedit`, "General image editing - Wan2.1"): one base image and
 * a `function`; Studio asks for `description_edit` (edit by instruction). It takes no size: the result has
 * the base image's.
 */
export const isFunctionEditModel = (model: string): boolean => model.includes('imageedit');

export interface DashScopeRequest {
  path: string;
  body: {
    model: string;
    input: { prompt: string; images?: string[]; function?: 'description_edit'; base_image_url?: string };
    parameters: { size?: string; n: 1; prompt_extend?: false; watermark: false };
  };
}

const dataUri = (r: { mime: string; data: Buffer }) => `data:${r.mime};base64,${r.data.toString('base64')}`;

/**
 * The submission for one image: `size` as `W*H`, one image, no watermark, and the caller's prompt as
 * written (`prompt_extend: false`: DashScope would otherwise rewrite it with a language model). Reference
 * images go as base64 data URIs in `input.images`, to edit models only.
 */
export function submissionOf(model: string, req: ImageGeneration): DashScopeRequest {
  const refs = req.referenceImages ?? [];
  const edit = isEditModel(model);
  if (req.mask) throw new UpstreamError('unsupported', 'DashScope image synthesis takes no mask', { code: 'mask' });
  if (refs.length > 0 && !edit)
    throw new UpstreamError('unsupported', `${model} takes no reference images`, { code: 'reference_images' });
  if (edit && refs.length === 0)
    throw new UpstreamError('unsupported', `${model} edits images: it needs at least one`, { code: 'images' });
  if (isFunctionEditModel(model)) {
    if (refs.length > 1)
      throw new UpstreamError('unsupported', `${model} edits one image at a time`, { code: 'base_image_url' });
    const base = dataUri(refs[0] as { mime: string; data: Buffer });
    return {
      path: I2I_PATH,
      body: {
        model,
        input: { function: 'description_edit', prompt: req.prompt, base_image_url: base },
        parameters: { n: 1, watermark: false },
      },
    };
  }
  const input: DashScopeRequest['body']['input'] = { prompt: req.prompt };
  if (edit) input.images = refs.map(dataUri);
  return {
    path: edit ? I2I_PATH : T2I_PATH,
    body: {
      model,
      input,
      parameters: { size: `${req.width}*${req.height}`, n: 1, prompt_extend: false, watermark: false },
    },
  };
}
