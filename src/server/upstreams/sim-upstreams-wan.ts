import type { SimDashScopeVideoChannel } from '@/sim/channels-dashscope-video';
import type { UpstreamModel } from './types';

/**
 * The simulated DashScope video channel's tiers as upstream models: each a Wan line named by its
 * text-to-video model, at the durations that model makes and the tier's resolutions; a first frame always
 * (every line has an image-to-video model), a last frame where the line has a first-and-last-frame model, at
 * the resolutions that model makes.
 */
export function simWanVideoModels(ch: SimDashScopeVideoChannel): UpstreamModel[] {
  return ch.capabilities.tiers.map((t) => {
    const durations = ch.capabilities.models.find((m) => m.model === t.model)?.durations ?? [5];
    return {
      family: t.tier,
      model: t.model,
      media: ['video'],
      cost_usd: t.costUsd,
      capabilities: {
        duration: { min: Math.min(...durations), max: Math.max(...durations) },
        ...(durations.length > 1 ? { durations: [...durations] } : {}),
        resolutions: [...t.resolutions],
        first_frame: true,
        last_frame: t.lastFrame,
        ...(t.lastFrameResolutions ? { last_frame_resolutions: [...t.lastFrameResolutions] } : {}),
      },
    };
  });
}
