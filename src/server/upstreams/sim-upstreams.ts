import {
  SIM_CHANNELS,
  simChannelBaseUrl,
  simChannelKey,
  type SimChannel,
  type SimDashScopeSizeRule,
  type SimSizeRule,
} from '@/sim/channels';
import { simKlingKeyPair, type SimKlingModel } from '@/sim/channels-kling';
import { isFalVideoChannel } from '@/sim/channels-fal';
import { minimaxSimModels } from './sim-upstreams-minimax';
import { veoTier } from '@/contracts/presets/gemini-veo';
import { simWanVideoModels } from './sim-upstreams-wan';
import { simReplicateVideoModel } from './sim-upstreams-replicate';
import { FAL_MODELS, falCapabilities } from './providers/fal-queue/fal-models';
import { falVideoTiers } from './providers/fal-queue/fal-video-models';
import type { UpstreamConfig, UpstreamModel } from './types';

/** A Kling model's last frame: taken at the resolutions whose mode takes `image_tail` (std: 720p, pro: 1080p). */
function klingTails(m: SimKlingModel): { last_frame: boolean; last_frame_resolutions?: string[] } {
  const tails = m.resolutions.filter((r) => m.tailModes.includes(r === '1080p' ? 'pro' : 'std'));
  if (tails.length === 0) return { last_frame: false };
  return { last_frame: true, ...(tails.length < m.resolutions.length ? { last_frame_resolutions: tails } : {}) };
}

/** The simulator's channels (the default set unless others are named) as upstream definitions, reached at `origin`. */
export function simulatorUpstreams(origin: string, channels: readonly SimChannel[] = SIM_CHANNELS): UpstreamConfig[] {
  return channels.map((ch) => ({
    name: ch.name,
    provider: 'simulator',
    adapter: ch.adapter,
    base_url: simChannelBaseUrl(origin, ch.name),
    api_key: ch.adapter === 'kling' ? simKlingKeyPair(ch.name) : simChannelKey(ch.name),
    soft_timeout_ms: 60_000,
    rating: 3,
    enabled: true,
    models: simModels(ch),
  }));
}

/** Canonical tier ids (the spec's model values) keyed by the simulator's tier names. */
const canonicalTier = new Map<string, string>(
  SIM_CHANNELS.flatMap((ch) => (ch.adapter === 'ark-video' ? ch.capabilities.tiers : []))
    .map((t) => [t.tier, t.model] as const)
    .reverse(),
);

function simModels(ch: SimChannel): UpstreamModel[] {
  switch (ch.adapter) {
    case 'openai-images':
      return ch.models.map((model) => ({
        family: ch.family,
        model,
        media: ['image'],
        cost_usd: ch.costUsd,
        capabilities: {
          reference_images: ch.capabilities.referenceImages,
          max_reference_images: ch.capabilities.maxReferenceImages,
          mask: ch.capabilities.mask,
          transparent_background: ch.capabilities.transparentBackground,
          qualities: [...ch.capabilities.qualities],
          sizes: Array.isArray(ch.capabilities.sizes)
            ? [...(ch.capabilities.sizes as readonly string[])]
            : { ...(ch.capabilities.sizes as SimSizeRule) },
          output_formats: [...ch.capabilities.outputFormats],
        },
      }));
    case 'openai-chat':
    case 'anthropic':
      return ch.models.map((model) => ({
        family: ch.family,
        model,
        media: [...ch.media].filter((m) => m === 'chat' || m === 'vision'),
        cost_usd: ch.costUsd,
        capabilities: {
          vision: ch.capabilities.vision,
          streaming: ch.capabilities.streaming,
          json_mode: ch.capabilities.jsonMode,
          tools: ch.capabilities.tools,
          reasoning: ch.capabilities.reasoning,
        },
      }));
    case 'ark-images':
      // A model taking only `adaptive` gets a rule Studio can choose from; the adapter sends `adaptive` anyway.
      return ch.capabilities.models.map((m) => ({
        family: m.family,
        model: m.model,
        media: ['image'],
        cost_usd: m.costUsd,
        capabilities: {
          reference_images: m.maxImages > 0,
          ...(m.maxImages > 0 ? { max_reference_images: m.maxImages } : {}),
          ...(m.imageRequired ? { requires_reference_images: true } : {}),
          mask: false,
          transparent_background: false,
          qualities: [],
          sizes: { ...(m.sizes ?? { min_side: 512, max_side: 2048 }) },
        },
      }));
    case 'replicate':
      return [
        ...(ch.capabilities.video ?? []).map(simReplicateVideoModel),
        ...ch.capabilities.models.map((m): UpstreamModel => ({
          family: m.family,
          model: m.model,
          media: ['image'],
          cost_usd: m.costUsd,
          capabilities: {
            sizes: 'min_side' in m.sizes ? { ...m.sizes } : [...m.sizes],
            output_formats: [...m.outputFormats],
            reference_images: m.maxReferenceImages > 0,
            ...(m.maxReferenceImages > 0 ? { max_reference_images: m.maxReferenceImages } : {}),
          },
        })),
      ];
    case 'gemini':
      return ch.models.map((model) => {
        const { image, chat } = ch.capabilities;
        return {
          family: ch.family,
          model,
          media: [...ch.media],
          cost_usd: ch.costUsd,
          // Sizes: the documented ones of its model id (sizes.ts).
          capabilities: image
            ? { reference_images: true, max_reference_images: image.maxReferenceImages }
            : {
                vision: chat?.vision ?? false,
                streaming: chat?.streaming ?? false,
                json_mode: chat?.jsonMode ?? false,
                tools: chat?.tools ?? false,
              },
        };
      });
    case 'fal-queue':
      if (isFalVideoChannel(ch)) return falVideoTiers(ch.videoTiers);
      return ch.models.map((model) => ({
        family: ch.families[model] ?? ch.family,
        model,
        media: ['image'],
        cost_usd: FAL_MODELS[model]?.costUsd ?? ch.costUsd,
        capabilities: falCapabilities(model),
      }));
    case 'ark-video':
      return ch.capabilities.tiers.map((t) => ({
        family: canonicalTier.get(t.tier) ?? t.model,
        model: t.model,
        media: ['video'],
        cost_usd: ch.costUsd,
        capabilities: {
          duration: { ...t.durationSec },
          resolutions: [...t.resolutions],
          first_frame: t.firstFrame,
          last_frame: t.lastFrame,
          reference_images: t.referenceImages,
          // Appearance references: up to 9, the request's own limit.
          max_reference_images: 9,
          reference_video: t.referenceVideo,
          reference_audio: t.referenceAudio,
          generate_audio: t.audio,
        },
      }));
    case 'dashscope':
      return ch.capabilities.models.map((m) => ({
        family: m.family,
        model: m.model,
        media: ['image'],
        cost_usd: m.costUsd,
        capabilities: {
          reference_images: m.maxReferenceImages > 0,
          ...(m.maxReferenceImages > 0 ? { max_reference_images: m.maxReferenceImages } : {}),
          // Every DashScope edit model needs its input image.
          ...(m.kind !== 't2i' ? { requires_reference_images: true } : {}),
          mask: false,
          transparent_background: false,
          // A model without `size` (Qwen-Image-Edit) answers in its input's shape: a rule guides Studio, which crops.
          sizes: Array.isArray(m.sizes)
            ? (m.sizes as readonly string[]).map((s) => s.replace('*', 'x'))
            : { ...((m.sizes as SimDashScopeSizeRule | null) ?? { min_side: 512, max_side: 2048 }) },
        },
      }));
    case 'kling':
      // The models that serve a tier, at Kling's durations and the tier's resolutions (std 720p, pro 1080p).
      return ch.capabilities.models
        .filter((m) => m.tier)
        .map((m) => ({
          family: m.tier,
          model: m.model,
          media: ['video'],
          cost_usd: m.costUsd,
          capabilities: {
            duration: { min: 5, max: 10 },
            durations: [5, 10],
            resolutions: [...m.resolutions],
            first_frame: m.imageToVideo,
            // A last frame in the modes it is served at (pro: 1080p), and at those resolutions only.
            ...klingTails(m),
          },
        }));
    case 'minimax-video':
      return minimaxSimModels(ch);
    case 'gemini-veo':
      // The models that serve a tier, at the model's own durations, frames and sound, and the tier's resolutions.
      return ch.capabilities.models.filter((m) => m.tier).map((m) => veoTier(m.tier, m.model, m.resolutions));
    case 'dashscope-video':
      return simWanVideoModels(ch);
  }
}
