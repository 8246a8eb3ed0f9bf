import type { SimMiniMaxVideoChannel } from '@/sim/channels-minimax-video';
import type { UpstreamModel } from './types';

/**
 * The simulated MiniMax channel's tier models: the durations each makes at the tier's resolutions (1080P is
 * 6 seconds only), a first frame where it takes image to video, a last frame where it takes both frames.
 */
export function minimaxSimModels(ch: SimMiniMaxVideoChannel): UpstreamModel[] {
  return ch.capabilities.models
    .filter((m) => m.tier)
    .map((m) => {
      const words = m.tierResolutions.map((r) => r.toUpperCase());
      const durations = m.durations.filter((d) => d === 6 || !words.some((r) => m.sixOnly.includes(r)));
      return {
        family: m.tier,
        model: m.model,
        media: ['video'],
        cost_usd: m.costUsd,
        capabilities: {
          duration: { min: Math.min(...durations), max: Math.max(...durations) },
          durations,
          resolutions: [...m.tierResolutions],
          first_frame: words.every((r) => m.modes.i2v?.includes(r) ?? false),
          last_frame: words.every((r) => m.modes.fl2v?.includes(r) ?? false),
        },
      };
    });
}
