import type { ChannelPreset } from './types';

/**
 * The Gemini API (generativelanguage.googleapis.com, `generateContent`): image generation and chat.
 * Sizes per aspect ratio and resolution are those of https://ai.google.dev/gemini-api/docs/image-generation
 * (read 2026-11): each size names exactly one `aspectRatio` (and `imageSize`), so the size Studio
 * chooses maps back to the ratio the model is asked for.
 */

export const GEMINI_ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
export type GeminiAspectRatio = (typeof GEMINI_ASPECT_RATIOS)[number];
export type GeminiImageSize = '1K' | '2K' | '4K';

/** gemini-2.5-flash-image: one resolution, no `imageSize`. */
const FLASH_IMAGE: Record<GeminiAspectRatio, string> = {
  '1:1': '1024x1024',
  '2:3': '832x1248',
  '3:2': '1248x832',
  '3:4': '864x1184',
  '4:3': '1184x864',
  '4:5': '896x1152',
  '5:4': '1152x896',
  '9:16': '768x1344',
  '16:9': '1344x768',
  '21:9': '1536x672',
};

/** gemini-3-pro-image-preview: 1K, 2K and 4K per ratio. */
const PRO_IMAGE: Record<GeminiAspectRatio, [string, string, string]> = {
  '1:1': ['1024x1024', '2048x2048', '4096x4096'],
  '2:3': ['848x1264', '1696x2528', '3392x5056'],
  '3:2': ['1264x848', '2528x1696', '5056x3392'],
  '3:4': ['896x1200', '1792x2400', '3584x4800'],
  '4:3': ['1200x896', '2400x1792', '4800x3584'],
  '4:5': ['928x1152', '1856x2304', '3712x4608'],
  '5:4': ['1152x928', '2304x1856', '4608x3712'],
  '9:16': ['768x1376', '1536x2752', '3072x5504'],
  '16:9': ['1376x768', '2752x1536', '5504x3072'],
  '21:9': ['1584x672', '3168x1344', '6336x2688'],
};

export interface GeminiSize {
  aspectRatio: GeminiAspectRatio;
  /** Absent: the model takes no `imageSize`. */
  imageSize?: GeminiImageSize;
}

const ratios = GEMINI_ASPECT_RATIOS;
const flashTable = new Map<string, GeminiSize>(ratios.map((r) => [FLASH_IMAGE[r], { aspectRatio: r }]));
const proTable = new Map<string, GeminiSize>(
  ratios.flatMap((r) =>
    (['1K', '2K', '4K'] as const).map((imageSize, i) => [PRO_IMAGE[r][i] as string, { aspectRatio: r, imageSize }]),
  ),
);

/** The documented sizes of each Gemini image model id, `WxH` → its ratio and resolution. */
export const GEMINI_IMAGE_SIZES: Record<string, ReadonlyMap<string, GeminiSize>> = {
  'gemini-2.5-flash-image': flashTable,
  'gemini-3-pro-image-preview': proTable,
};

/** The models that take `imageConfig.imageSize` (the others refuse it). */
export const GEMINI_IMAGE_SIZE_MODELS: ReadonlySet<string> = new Set(['gemini-3-pro-image-preview']);

const sizesOf = (model: string) => [...(GEMINI_IMAGE_SIZES[model]?.keys() ?? [])];

export const geminiPreset: ChannelPreset = {
  id: 'gemini',
  adapter: 'gemini',
  provider: 'google',
  baseUrls: [{ region: 'global', url: 'https://generativelanguage.googleapis.com' }],
  reference: 'https://ai.google.dev/api/generate-content',
  models: [
    {
      // $0.039 per 1024px image (1,290 output tokens at $30 per million), ai.google.dev/gemini-api/docs/pricing.
      family: 'gemini-flash-image',
      model: 'gemini-2.5-flash-image',
      media: ['image'],
      cost_usd: 0.039,
      capabilities: { reference_images: true, max_reference_images: 3, sizes: sizesOf('gemini-2.5-flash-image') },
    },
    {
      // $0.134 per 1K or 2K image ($0.24 at 4K); up to 14 reference images.
      family: 'gemini-pro-image',
      model: 'gemini-3-pro-image-preview',
      media: ['image'],
      cost_usd: 0.134,
      capabilities: {
        reference_images: true,
        max_reference_images: 14,
        sizes: sizesOf('gemini-3-pro-image-preview'),
      },
    },
    {
      // Billed by tokens ($0.30 in, $2.50 out per million): about 2,000 in and 500 out per request.
      family: 'gemini-flash',
      model: 'gemini-2.5-flash',
      media: ['chat', 'vision'],
      cost_usd: 0.0019,
      capabilities: { streaming: true, json_mode: true, tools: true, vision: true },
    },
    {
      // $1.25 in, $10 out per million (prompts up to 200k tokens): the same request.
      family: 'gemini-pro',
      model: 'gemini-2.5-pro',
      media: ['chat', 'vision'],
      cost_usd: 0.0075,
      capabilities: { streaming: true, json_mode: true, tools: true, vision: true },
    },
  ],
};
