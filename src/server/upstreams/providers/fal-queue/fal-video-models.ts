import type { UpstreamModel } from '@/contracts/upstreams';
import { falVideoModel } from '@/contracts/video-offers/fal-queue';

/**
 * fal's video models live in the catalogue of video offers (src/contracts/video-offers/fal-queue.ts), which
 * the adapter, the presets and the simulator's channel read; here, a model's capabilities as a channel lists them.
 */

export {
  FAL_VIDEO_MODELS,
  falVideoModel,
  type FalDurationFields,
  type FalVideoModel,
} from '@/contracts/video-offers/fal-queue';

/**
 * A fal video model's capabilities as a channel lists them (the preset, the simulator's channel), at
 * `resolutions` of its own and the `seconds` of the model's it serves (a tier's range may start later).
 */
export function falVideoCapabilities(
  model: string,
  resolutions?: readonly string[],
  seconds?: readonly number[],
): UpstreamModel['capabilities'] {
  const m = falVideoModel(model);
  if (!m) return {};
  const durations = Object.keys(m.durations)
    .map(Number)
    .filter((s) => !seconds || seconds.includes(s));
  return {
    duration: { min: Math.min(...durations), max: Math.max(...durations) },
    durations,
    resolutions: [...(resolutions ?? Object.keys(m.resolutions))],
    first_frame: m.image !== null,
    last_frame: m.lastFrame !== null,
    generate_audio: m.audio,
  };
}

/** Channel models serving spec tiers with fal video models, at the tiers' resolutions and seconds (the simulator's channel). */
export function falVideoTiers(
  tiers: readonly { tier: string; model: string; resolutions: readonly string[]; seconds?: readonly number[] }[],
): UpstreamModel[] {
  return tiers.map((t) => ({
    family: t.tier,
    model: t.model,
    media: ['video'],
    cost_usd: falVideoModel(t.model)?.costUsd ?? 0,
    capabilities: falVideoCapabilities(t.model, t.resolutions, t.seconds),
  }));
}
