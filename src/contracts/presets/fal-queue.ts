import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * fal's queue (https://docs.fal.ai/model-endpoints/queue): any fal model by its endpoint id. Prices are
 * fal's per image, or per megapixel taken at 1 MP (fal.ai/models/<endpoint id>, read 2026-11-28):
 * FLUX.1 [dev] $0.025/MP, FLUX.1 Kontext [pro] $0.04, Nano Banana $0.039, Seedream 4.0 $0.03,
 * Qwen-Image $0.02/MP. No model makes transparent backgrounds or takes a mask. The capabilities are the
 * adapter's input mapping (providers/fal-queue/fal-models.ts; a test keeps the two equal).
 *
 * Video models serve spec tiers (the family callers ask for) with a text-to-video endpoint, whose
 * image-to-video sibling takes the first and last frames (src/contracts/video-offers/fal-queue.ts, kept
 * equal by a test). Prices per second as fal's model pages give them, read 2026-11-28: Kling 2.5 Turbo Pro
 * $0.07, Hailuo-02 Standard $0.045 at 768P, Veo 3 Fast $0.10 without sound ($0.15 with), Wan 2.2 A14B $0.08
 * at 720p, Seedance 1.0 Pro about $0.124 at 1080p: check them before relying on them.
 */

const FLUX_SIZES = { multiple_of: 16, min_side: 256, max_side: 2048 };
/** Seedream 4.0: total pixels between 960x960 and 4096x4096. */
const SEEDREAM_SIZES = { min_pixels: 921_600, max_pixels: 16_777_216, max_side: 4096, max_aspect: 16 };
/** Nano Banana (Gemini 2.5 Flash Image): its ten aspect ratios at the sizes it renders. */
const BANANA_SIZES = [
  '1024x1024',
  '832x1248',
  '1248x832',
  '864x1184',
  '1184x864',
  '896x1152',
  '1152x896',
  '768x1344',
  '1344x768',
  '1536x672',
];
/** FLUX.1 Kontext [pro]: its nine aspect ratios at about a megapixel. */
const KONTEXT_SIZES = [
  '1568x672',
  '1392x784',
  '1184x880',
  '1248x832',
  '1024x1024',
  '832x1248',
  '880x1184',
  '784x1392',
  '672x1568',
];

const model = (family: string, id: string, cost: number, caps: UpstreamModel['capabilities']): UpstreamModel => ({
  family,
  model: id,
  media: ['image'],
  cost_usd: cost,
  capabilities: { mask: false, transparent_background: false, ...caps },
});

const video = (family: string, model: string, cost: number, capabilities: UpstreamModel['capabilities']) => ({
  family,
  model,
  media: ['video' as const],
  cost_usd: cost,
  capabilities,
});

export const FAL_QUEUE_PRESET: ChannelPreset = {
  id: 'fal-queue',
  adapter: 'fal-queue',
  provider: 'fal',
  baseUrls: [{ region: 'global', url: 'https://queue.fal.run' }],
  reference: 'https://docs.fal.ai/model-endpoints/queue',
  models: [
    model('flux-dev', 'fal-ai/flux/dev', 0.025, { reference_images: false, sizes: FLUX_SIZES }),
    model('flux-kontext-pro', 'fal-ai/flux-pro/kontext', 0.04, {
      reference_images: true,
      max_reference_images: 1,
      sizes: KONTEXT_SIZES,
    }),
    model('nano-banana', 'fal-ai/nano-banana', 0.039, {
      reference_images: true,
      max_reference_images: 10,
      sizes: BANANA_SIZES,
    }),
    model('nano-banana', 'fal-ai/nano-banana/edit', 0.039, {
      reference_images: true,
      max_reference_images: 10,
      sizes: BANANA_SIZES,
    }),
    model('seedream-4', 'fal-ai/bytedance/seedream/v4/text-to-image', 0.03, {
      reference_images: true,
      max_reference_images: 10,
      sizes: SEEDREAM_SIZES,
    }),
    model('seedream-4', 'fal-ai/bytedance/seedream/v4/edit', 0.03, {
      reference_images: true,
      max_reference_images: 10,
      sizes: SEEDREAM_SIZES,
    }),
    model('qwen-image', 'fal-ai/qwen-image', 0.02, { reference_images: false, sizes: FLUX_SIZES }),
    // Kling 2.5 Turbo Pro: 1080p, 5 or 10 seconds, a first frame and a last frame (`tail_image_url`).
    video('videomodel-2-5-pro-260801', 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video', 0.07, {
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      resolutions: ['1080p'],
      first_frame: true,
      last_frame: true,
      generate_audio: false,
    }),
    // Hailuo-02 Standard: 768P, 6 or 10 seconds, a first frame and a last frame (`end_image_url`).
    video('videomodel-H3', 'fal-ai/minimax/hailuo-02/standard/text-to-video', 0.045, {
      duration: { min: 6, max: 10 },
      durations: [6, 10],
      resolutions: ['768P'],
      first_frame: true,
      last_frame: true,
      generate_audio: false,
    }),
    // Veo 3 Fast: 720p (the fast tier's top), 4, 6 or 8 seconds, a first frame (`image_url`), a soundtrack when asked.
    video('videomodel-2-0-fast-260801', 'fal-ai/veo3/fast', 0.1, {
      duration: { min: 4, max: 8 },
      durations: [4, 6, 8],
      resolutions: ['720p'],
      first_frame: true,
      last_frame: false,
      generate_audio: true,
    }),
    // Seedance 1.0 Pro: 4 to 12 seconds (the tier starts at 4; the model at 2), 720p or 1080p, first and last frame.
    video('videomodel-2-5-pro-260801', 'fal-ai/bytedance/seedance/v1/pro/text-to-video', 0.124, {
      duration: { min: 4, max: 12 },
      durations: [4, 5, 6, 7, 8, 9, 10, 11, 12],
      resolutions: ['720p', '1080p'],
      first_frame: true,
      last_frame: true,
      generate_audio: false,
    }),
    // Wan 2.2 A14B: 4 to 10 seconds (81 frames at 16 fps is 5), 480p or 720p, first and last frame (`end_image_url`).
    video('videomodel-2-0-mini-260801', 'fal-ai/wan/v2.2-a14b/text-to-video', 0.08, {
      duration: { min: 4, max: 10 },
      durations: [4, 5, 6, 7, 8, 9, 10],
      resolutions: ['480p', '720p'],
      first_frame: true,
      last_frame: true,
      generate_audio: false,
    }),
  ],
};
