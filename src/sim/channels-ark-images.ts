import type { SimArkImagesChannel } from './channel-types';

/** Seedream 4.0's and 4.5's `WxH` rule: total pixels within a range, aspect between 1:16 and 16:1. */
const SEEDREAM_4_0_SIZES = { min_pixels: 1280 * 720, max_pixels: 4096 * 4096, max_aspect: 16 };

/**
 * The simulated Seedream channel (Ark's image generation API): not in the default set (tests and benchmarks
 * count the default channels); a simulator started with `channels: [...SIM_CHANNELS, SIM_ARK_IMAGES_CHANNEL]`
 * serves it. Its models are Ark's, with the sizes and reference image limits of Ark's API reference
 * (volcengine.com/docs/82379/1541523, November 2026).
 */
export const SIM_ARK_IMAGES_CHANNEL: SimArkImagesChannel = {
  name: 'sim-seedream',
  adapter: 'ark-images',
  family: 'seedream-4-0',
  models: ['doubao-seedream-4-0-250828', 'doubao-seedream-3-0-t2i-250415', 'doubao-seededit-3-0-i2i-250628'],
  media: ['image'],
  capabilities: {
    models: [
      {
        model: 'doubao-seedream-4-0-250828',
        family: 'seedream-4-0',
        sizes: SEEDREAM_4_0_SIZES,
        keywords: ['1K', '2K', '4K'],
        defaultSize: '2048x2048',
        maxImages: 10,
        imageRequired: false,
        sequential: true,
        outputFormats: [],
        costUsd: 0.03,
      },
      {
        model: 'doubao-seedream-3-0-t2i-250415',
        family: 'seedream-3-0-t2i',
        sizes: { min_side: 512, max_side: 2048 },
        keywords: [],
        defaultSize: '1024x1024',
        maxImages: 0,
        imageRequired: false,
        sequential: false,
        outputFormats: [],
        costUsd: 0.03,
      },
      {
        model: 'doubao-seededit-3-0-i2i-250628',
        family: 'seededit-3-0-i2i',
        sizes: null,
        keywords: ['adaptive'],
        defaultSize: 'adaptive',
        maxImages: 1,
        imageRequired: true,
        sequential: false,
        outputFormats: [],
        costUsd: 0.03,
      },
    ],
  },
  latencyMs: 0,
  costUsd: 0.03,
  costUnit: 'image',
};
