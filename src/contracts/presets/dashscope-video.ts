import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * Wan video tasks on Alibaba Cloud Model Studio (DashScope): "Wan - text-to-video API reference", "Wan -
 * image-to-video API reference (first frame)", "Wan - first-and-last-frame to video API reference". Each
 * channel model is a Wan line named by its text-to-video model (dashscope-video/wan-video-models.ts): a first
 * frame goes to the line's image-to-video model, a first and last frame to its first-and-last-frame model.
 * Each serves a spec tier at what the line makes. `cost_usd` per video second is the international
 * (Singapore) list price at the tier's top resolution, as read in 2026-11: check it before relying on it.
 */

const video = (family: string, model: string, cost: number, capabilities: UpstreamModel['capabilities']) => ({
  family,
  model,
  media: ['video' as const],
  cost_usd: cost,
  capabilities: { first_frame: true, ...capabilities },
});

export const DASHSCOPE_VIDEO_PRESET: ChannelPreset = {
  id: 'dashscope-video',
  adapter: 'dashscope-video',
  provider: 'alibaba-cloud',
  baseUrls: [
    { region: 'singapore', url: 'https://dashscope-intl.aliyuncs.com' },
    { region: 'cn-beijing', url: 'https://dashscope.aliyuncs.com' },
  ],
  reference: 'https://www.alibabacloud.com/help/en/model-studio/text-to-video-api-reference',
  models: [
    // Wan 2.5: 5 or 10 seconds, its own soundtrack or the caller's audio; no first-and-last-frame model.
    video('videomodel-2-5-pro-260801', 'wan2.5-t2v-preview', 0.15, {
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      resolutions: ['720p', '1080p'],
      reference_audio: true,
      generate_audio: true,
    }),
    // Wan 2.2 at 480P, with wan2.2-kf2v-flash for a first and last frame.
    video('videomodel-2-0-pro-260801', 'wan2.2-t2v-plus', 0.02, {
      duration: { min: 5, max: 5 },
      resolutions: ['480p'],
      last_frame: true,
    }),
    // Wan 2.1 turbo, with wanx2.1-kf2v-plus for a first and last frame, which makes 720P only.
    video('videomodel-2-0-fast-260801', 'wanx2.1-t2v-turbo', 0.036, {
      duration: { min: 5, max: 5 },
      resolutions: ['480p', '720p'],
      last_frame: true,
      last_frame_resolutions: ['720p'],
    }),
  ],
};
