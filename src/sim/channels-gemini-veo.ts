import { VEO_MODELS } from '@/contracts/presets/gemini-veo';
import type { SimChannelBase } from './channel-types';

/** The simulated Veo channel's catalogue: the Veo models of the Gemini API and the spec tier each serves. */

export interface SimVeoModel {
  model: string;
  /** The spec tier Studio serves with it on this channel ('' for none). */
  tier: string;
  /** The tier's resolutions it serves (a subset of the model's). */
  resolutions: readonly ('720p' | '1080p')[];
}

/** Veo on the Gemini API (`models/{model}:predictLongRunning`, operations, files), keyed by `x-goog-api-key`. */
export interface SimGeminiVeoChannel extends SimChannelBase {
  adapter: 'gemini-veo';
  capabilities: { models: SimVeoModel[] };
}

/**
 * The tiers are served by Veo 3.1 (durations 4, 6, 8; a last frame) and Veo 3 Fast at 720p; Veo 2 is
 * there so that its refusals (5 to 8 seconds, no resolution, no last frame) can be met.
 */
export const SIM_VEO_MODELS: readonly SimVeoModel[] = [
  { model: 'veo-3.1-generate-preview', tier: 'videomodel-2-5-pro-260801', resolutions: ['720p', '1080p'] },
  { model: 'veo-3.0-fast-generate-001', tier: 'videomodel-2-0-fast-260801', resolutions: ['720p'] },
  { model: 'veo-3.1-fast-generate-preview', tier: '', resolutions: [] },
  { model: 'veo-3.0-generate-001', tier: '', resolutions: [] },
  { model: 'veo-2.0-generate-001', tier: '', resolutions: [] },
];

/**
 * The simulated Veo channel (`sim-gemini-veo`): not in the default set; a simulator started with
 * `channels: [...SIM_CHANNELS, SIM_GEMINI_VEO_CHANNEL]` serves it. Studio registers its tier models only.
 */
export const SIM_GEMINI_VEO_CHANNEL: SimGeminiVeoChannel = {
  name: 'sim-gemini-veo',
  adapter: 'gemini-veo',
  family: 'videomodel-2-5-pro-260801',
  models: SIM_VEO_MODELS.map((m) => m.model),
  media: ['video'],
  capabilities: { models: [...SIM_VEO_MODELS] },
  latencyMs: 0,
  costUsd: VEO_MODELS['veo-3.1-generate-preview']?.costUsd ?? 0.4,
  costUnit: 'video_second',
};
