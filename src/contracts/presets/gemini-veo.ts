import type { UpstreamModel } from '@/contracts/upstreams';
import { VEO_MODELS, type VeoModel } from '@/contracts/video-offers/gemini-veo';
import type { ChannelPreset } from './types';

/**
 * Veo on the Gemini API: each tier is served at what its Veo model makes (the catalogue,
 * src/contracts/video-offers/gemini-veo.ts, which the adapter and the simulator read too).
 */
export { VEO_MODELS, veoModel, type VeoModel } from '@/contracts/video-offers/gemini-veo';

/** A tier served by a Veo model, with the model's own durations, resolutions, frames and sound. */
export function veoTier(family: string, model: string, resolutions?: VeoModel['resolutions']): UpstreamModel {
  const m = VEO_MODELS[model] as VeoModel;
  const durations = [...m.durations];
  const made = resolutions ?? m.resolutions;
  // 1080p only at the durations the model makes it at (Veo 3, 3.1: 8 seconds); routing skips it for the others.
  const fullHd = made.includes('1080p') && m.fullHdDurations.length > 0 ? { '1080p': [...m.fullHdDurations] } : null;
  return {
    family,
    model,
    media: ['video'],
    cost_usd: m.costUsd,
    capabilities: {
      duration: { min: Math.min(...durations), max: Math.max(...durations) },
      durations,
      resolutions: [...made],
      ...(fullHd ? { resolution_durations: fullHd } : {}),
      first_frame: true,
      last_frame: m.lastFrame,
      generate_audio: m.audio,
    },
  };
}

export const GEMINI_VEO_PRESET: ChannelPreset = {
  id: 'gemini-veo',
  adapter: 'gemini-veo',
  provider: 'Google',
  baseUrls: [{ region: 'global', url: 'https://generativelanguage.googleapis.com' }],
  reference: 'https://ai.google.dev/gemini-api/docs/video',
  models: [
    veoTier('videomodel-2-5-pro-260801', 'veo-3.1-generate-preview'),
    // The fast tier tops out at 720p.
    veoTier('videomodel-2-0-fast-260801', 'veo-3.0-fast-generate-001', ['720p']),
  ],
};
