import type { SimReplicateVideoTier } from '@/sim/channel-types';
import type { UpstreamModel } from './types';

/** A simulated Replicate video tier as an upstream model: the official video model at the tier's offer. */
export function simReplicateVideoModel(t: SimReplicateVideoTier): UpstreamModel {
  return {
    family: t.tier,
    model: t.model,
    media: ['video'],
    cost_usd: t.costUsd,
    capabilities: {
      duration: { min: Math.min(...t.durations), max: Math.max(...t.durations) },
      durations: [...t.durations],
      resolutions: [...t.resolutions],
      first_frame: true,
      last_frame: t.lastFrame,
      generate_audio: t.audio,
    },
  };
}
