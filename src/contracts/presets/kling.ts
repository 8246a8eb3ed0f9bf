import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * Kling's video tasks ("Kling AI API — Video Generation", app.klingai.com/global/dev/document-api). The
 * channel's key is the account's key pair, `<access key>:<secret key>`. Each model serves a spec tier
 * (the family callers ask for) at what Kling offers: 5 or 10 seconds, 720p (std mode) or 1080p (pro
 * mode), a first frame, and a last frame in pro mode only. `cost_usd` per video second is the pro-mode
 * list price of Kling's developer pricing page as read in 2026-11 (std is cheaper): check it before
 * relying on it.
 */

const video = (family: string, model: string, cost: number, capabilities: UpstreamModel['capabilities']) => ({
  family,
  model,
  media: ['video' as const],
  cost_usd: cost,
  capabilities: { duration: { min: 5, max: 10 }, durations: [5, 10], first_frame: true, ...capabilities },
});

export const KLING_PRESET: ChannelPreset = {
  id: 'kling',
  adapter: 'kling',
  provider: 'Kling AI',
  baseUrls: [
    { region: 'singapore', url: 'https://api-singapore.klingai.com' },
    { region: 'cn-beijing', url: 'https://api-beijing.klingai.com' },
  ],
  reference: 'https://app.klingai.com/global/dev/document-api',
  models: [
    // A last frame (`image_tail`) in pro mode only: at 1080p, never at 720p (std).
    video('videomodel-2-5-pro-260801', 'kling-v2-5-turbo', 0.07, {
      resolutions: ['720p', '1080p'],
      last_frame: true,
      last_frame_resolutions: ['1080p'],
    }),
    // The fast tier's 720p is Kling's std mode, which takes no last frame.
    video('videomodel-2-0-fast-260801', 'kling-v1-6', 0.056, { resolutions: ['720p'] }),
  ],
};
