import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * MiniMax's Hailuo video tasks (MiniMax API reference, "Video Generation", platform.minimax.io). Each model
 * serves a spec tier (the family callers ask for) at what MiniMax makes: 6 or 10 seconds at 768P, 6 seconds
 * at 1080P, a first frame, and a last frame on MiniMax-Hailuo-02 only. `cost_usd` per video second is the
 * list price of MiniMax's pricing page for a 6-second video as read in 2026-11: check it before relying on it.
 */

const video = (family: string, model: string, cost: number, capabilities: UpstreamModel['capabilities']) => ({
  family,
  model,
  media: ['video' as const],
  cost_usd: cost,
  capabilities: { first_frame: true, ...capabilities },
});

export const MINIMAX_VIDEO_PRESET: ChannelPreset = {
  id: 'minimax-video',
  adapter: 'minimax-video',
  provider: 'MiniMax',
  baseUrls: [
    { region: 'global', url: 'https://api.minimax.io' },
    { region: 'cn', url: 'https://api.minimaxi.com' },
  ],
  reference: 'https://platform.minimax.io/docs/api-reference/video-generation-t2v',
  models: [
    // The H3 tier's 768P; Hailuo-02 is the model that also takes a last frame.
    video('videomodel-H3', 'MiniMax-Hailuo-02', 0.047, {
      duration: { min: 6, max: 10 },
      durations: [6, 10],
      resolutions: ['768P'],
      last_frame: true,
    }),
    // MiniMax's 1080P is 6 seconds long, whatever the model.
    video('videomodel-2-5-pro-260801', 'MiniMax-Hailuo-2.3', 0.082, {
      duration: { min: 6, max: 6 },
      durations: [6],
      resolutions: ['1080p'],
    }),
  ],
};
