import sharp from 'sharp';
import type { ImageGeneration, ImageInput } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';

/**
 * The body of Ark's image generation call (`POST /api/v3/images/generations`; volcengine.com/docs/82379/1541523,
 * the fields of `Images.generate` in volcengine-python-sdk's ark runtime). What each model takes differs:
 *
 * - Seedream 4.0 / 4.5 (and any other id, an endpoint `ep-…` included): `WxH` within its pixel range, up to
 *   14 reference images as an array, `sequential_image_generation` (group generation: Studio asks one image);
 * - Seedream 3.0 t2i: `WxH`, text only; `seed` and `guidance_scale` are its own (not sent: Studio has none);
 * - SeedEdit 3.0 i2i: exactly one image, as a string, and `size: adaptive` (the output follows it).
 *
 * Model ids are matched without their vendor prefix and version (`doubao-seedream-3-0-t2i-250415` on Volcengine,
 * `seedream-3-0-t2i-250415` on BytePlus).
 */

export type ArkImageModelKind = 'seedream-4' | 'seedream-3-t2i' | 'seededit-3-i2i';

export function arkImageModelKind(model: string): ArkImageModelKind {
  if (/seedream-3-0-t2i/.test(model)) return 'seedream-3-t2i';
  if (/seededit-3-0-i2i/.test(model)) return 'seededit-3-i2i';
  return 'seedream-4';
}

/** Reference image types every Seedream model reads (4.5 reads more); others are converted to PNG. */
const READ_AS_IS = new Set(['image/jpeg', 'image/png']);

/** A reference image as Ark takes it inline: `data:image/<format>;base64,<data>`. */
export async function dataUri(input: ImageInput): Promise<string> {
  if (READ_AS_IS.has(input.mime)) return `data:${input.mime};base64,${input.data.toString('base64')}`;
  const png = await sharp(input.data).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export type ArkImagesBody = Record<string, string | boolean | string[]>;

/**
 * The JSON body for one image. `images` are the reference images already as data URIs. Refuses, before any
 * call, what the model cannot take (an image for a text-only model, none for an image-to-image one): routing
 * filters on capabilities first, so this only meets a channel whose capabilities say more than its model.
 */
export function arkImagesBody(model: string, req: ImageGeneration, images: string[]): ArkImagesBody {
  const kind = arkImageModelKind(model);
  const body: ArkImagesBody = { model, prompt: req.prompt };
  if (kind === 'seededit-3-i2i') {
    if (images.length !== 1)
      throw new UpstreamError('unsupported', `${model} edits exactly one image; ${images.length} given`);
    body.image = images[0] ?? '';
    body.size = 'adaptive';
  } else if (kind === 'seedream-3-t2i') {
    if (images.length > 0) throw new UpstreamError('unsupported', `${model} takes no reference image`);
    body.size = `${req.width}x${req.height}`;
  } else {
    if (images.length > 0) body.image = images;
    body.size = `${req.width}x${req.height}`;
    body.sequential_image_generation = 'disabled';
  }
  // Base64 in the answer: no second download, and Ark's URLs expire after 24 hours anyway.
  body.response_format = 'b64_json';
  body.watermark = false;
  return body;
}
