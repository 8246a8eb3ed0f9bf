import type { ChannelPreset } from './types';

/**
 * Volcengine Ark (cn-beijing) and BytePlus ModelArk (ap-southeast) image generation: Seedream and SeedEdit
 * through `POST {base}/api/v3/images/generations` (adapter `ark-images`). Sizes and reference limits from the
 * image generation API reference (volcengine.com/docs/82379/1541523, read November 2026): Seedream 4.0 takes
 * 1280x720 to 4096x4096 pixels in total, 4.5 from 2560x1440, both between 1:16 and 16:1; Seedream 3.0 t2i
 * takes 512 to 2048 per side and no image; SeedEdit 3.0 takes one image and answers in its shape (`adaptive`,
 * so its size rule only tells Studio what to crop from). No model makes a transparent background or takes a
 * mask; the output is JPEG. `cost_usd` per image from BytePlus ModelArk's price list (USD); on Volcengine
 * the same models are billed in CNY (0.2 to 0.3 per image). On BytePlus the ids drop the `doubao-` prefix
 * (`seedream-4-0-250828`): the adapter reads both.
 */
export const ARK_IMAGES_PRESET: ChannelPreset = {
  id: 'ark-images',
  adapter: 'ark-images',
  provider: 'Volcengine Ark',
  baseUrls: [
    { region: 'cn-beijing', url: 'https://ark.cn-beijing.volces.com' },
    { region: 'ap-southeast', url: 'https://ark.ap-southeast.bytepluses.com' },
  ],
  reference: 'https://www.volcengine.com/docs/82379/1541523',
  models: [
    {
      family: 'seedream-4-5',
      model: 'doubao-seedream-4-5-251128',
      media: ['image'],
      cost_usd: 0.04,
      capabilities: {
        reference_images: true,
        max_reference_images: 14,
        sizes: { min_pixels: 2560 * 1440, max_pixels: 4096 * 4096, max_aspect: 16 },
      },
    },
    {
      family: 'seedream-4-0',
      model: 'doubao-seedream-4-0-250828',
      media: ['image'],
      cost_usd: 0.03,
      capabilities: {
        reference_images: true,
        max_reference_images: 10,
        sizes: { min_pixels: 1280 * 720, max_pixels: 4096 * 4096, max_aspect: 16 },
      },
    },
    {
      family: 'seedream-3-0-t2i',
      model: 'doubao-seedream-3-0-t2i-250415',
      media: ['image'],
      cost_usd: 0.03,
      capabilities: { reference_images: false, sizes: { min_side: 512, max_side: 2048 } },
    },
    {
      family: 'seededit-3-0-i2i',
      model: 'doubao-seededit-3-0-i2i-250628',
      media: ['image'],
      cost_usd: 0.03,
      // Edits only: Ark refuses a SeedEdit call without its one input image.
      capabilities: {
        reference_images: true,
        max_reference_images: 1,
        requires_reference_images: true,
        sizes: { min_side: 512, max_side: 2048 },
      },
    },
  ],
};
