import { inputImage, invalid } from './dashscope-common';

/**
 * Wan 2.1 general image editing (`wanx2.1-imageedit`; Model Studio "General image editing - Wan2.1"): a task
 * on the image2image endpoint with a `function`, one `base_image_url` (a URL or a data URI, each side
 * 512–4096) and, for `description_edit_with_mask`, a `mask_image_url`. It takes no `size`: the result has
 * the base image's size (1024×1024 for a URL, which is not fetched).
 */

export const FUNCTION_EDIT_INPUT = new Set(['function', 'prompt', 'base_image_url', 'mask_image_url']);
export const FUNCTION_EDIT_PARAMETERS = new Set([
  'n',
  'seed',
  'watermark',
  'strength',
  'top_scale',
  'bottom_scale',
  'left_scale',
  'right_scale',
  'upscale_factor',
  'is_sketch',
]);
const FUNCTIONS = new Set([
  'stylization_all',
  'stylization_local',
  'description_edit',
  'description_edit_with_mask',
  'remove_watermark',
  'expand',
  'super_resolution',
  'colorization',
  'doodle',
  'control_cartoon_feature',
]);

export async function functionEditInput(
  input: Record<string, unknown>,
  rid: string,
): Promise<{ width: number; height: number; references: Buffer[] }> {
  const fn = input.function;
  if (typeof fn !== 'string' || !FUNCTIONS.has(fn))
    throw invalid(`input.function must be one of ${[...FUNCTIONS].join(', ')}.`, rid);
  if (input.base_image_url === undefined) throw invalid('Field required: input.base_image_url', rid);
  const base = await inputImage(input.base_image_url, 'input.base_image_url', rid);
  const withMask = fn === 'description_edit_with_mask';
  if (withMask && input.mask_image_url === undefined) throw invalid('Field required: input.mask_image_url', rid);
  if (!withMask && input.mask_image_url !== undefined)
    throw invalid(`input.mask_image_url is not used by the function ${fn}.`, rid);
  if (withMask) await inputImage(input.mask_image_url, 'input.mask_image_url', rid);
  if (!base) return { width: 1024, height: 1024, references: [] };
  if (Math.min(base.width, base.height) < 512 || Math.max(base.width, base.height) > 4096)
    throw invalid('input.base_image_url: each side of the image must be between 512 and 4096 pixels.', rid);
  return { width: base.width, height: base.height, references: [base.data] };
}
