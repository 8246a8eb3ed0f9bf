/**
 * Channel catalogue of the Studio upstream simulator.
 *
 * The simulator (`src/sim/server.ts`, started by `src/sim/main.ts`) is a separate HTTP
 * server that speaks three real upstream protocols so Studio's provider adapters can be
 * exercised over real HTTP by tests, benchmarks and the no-configuration default. It is
 * always labelled a simulator: every response carries `x-studio-simulator: 1`, health
 * reports `simulator: true`, and no channel ever reaches a real provider.
 *
 * Each channel is addressed by a path prefix. A channel named `sim-image-a` served on
 * `http://127.0.0.1:4010` has the base URL `http://127.0.0.1:4010/sim-image-a`, below which
 * the provider's own paths apply:
 *
 * - adapter `openai-images`: `POST /v1/images/generations`, `POST /v1/images/edits`
 *   (multipart), `GET /v1/models`
 * - adapter `openai-chat`: `POST /v1/chat/completions` (JSON or SSE stream), `GET /v1/models`
 * - adapter `ark-video`: `POST|GET /api/v3/contents/generations/tasks`,
 *   `GET|DELETE /api/v3/contents/generations/tasks/<id>`
 *
 * Every channel requires `Authorization: Bearer sim-key-<channel>` ({@link simChannelKey});
 * the key is deliberately not part of the catalogue data.
 *
 * This module is plain data with no side effects so Studio can import it to register the
 * channels as upstreams. See docs/simulator.md for protocols, faults and the control API.
 */

import type { SimDashScopeChannel } from './channels-dashscope';

export type SimAdapter =
  | 'openai-images'
  | 'openai-chat'
  | 'ark-video'
  | 'anthropic'
  | 'ark-images'
  | 'dashscope'
  | 'replicate'
  | 'gemini'
  | 'fal-queue';
export type SimMedia = 'image' | 'chat' | 'vision' | 'video';
export type SimImageQuality = 'low' | 'medium' | 'high';
export type SimImageFormat = 'png' | 'jpeg' | 'webp';
/** What `costUsd` is charged per. */
export type SimCostUnit = 'image' | 'request' | 'video_second';

export interface SimImageCapabilities {
  /** Accepted `quality` values; empty means the family has no quality levels and rejects the parameter. */
  qualities: SimImageQuality[];
  transparentBackground: boolean;
  /** Reference images through `POST /v1/images/edits`. */
  referenceImages: boolean;
  maxReferenceImages: number;
  /** Always false: no simulator channel accepts an edit mask. */
  mask: false;
  outputFormats: SimImageFormat[];
  /**
   * Accepted `response_format` values. Empty, as on every catalogue channel: GPT image models always
   * answer base64 and refuse the parameter as unknown (400 `unknown_parameter`).
   */
  responseFormats: ('b64_json' | 'url')[];
  /**
   * The sizes the model accepts, as its provider documents them: a list (gpt-image-1's three sizes), or
   * a rule (gpt-image-2: sides multiples of 16, long side at most 3840, 655,360 to 8,294,400 pixels,
   * between 1:3 and 3:1). `auto` is accepted besides. Any other size is refused with the provider's
   * `invalid_value` error; an accepted size is rendered at exactly that size.
   */
  sizes: readonly string[] | SimSizeRule;
  maxImagesPerRequest: number;
}

export interface SimSizeRule {
  multiple_of: number;
  max_side: number;
  min_pixels: number;
  max_pixels: number;
  max_aspect: number;
}

/** gpt-image-1's sizes (OpenAI's OpenAPI document, `CreateImageRequest.size`). */
export const FIXED_IMAGE_SIZES: readonly string[] = ['1024x1024', '1536x1024', '1024x1536'];
/** gpt-image-2's size rule. */
export const FREE_SIZE_RULE: SimSizeRule = {
  multiple_of: 16,
  max_side: 3840,
  min_pixels: 655_360,
  max_pixels: 8_294_400,
  max_aspect: 3,
};

export interface SimChatCapabilities {
  vision: boolean;
  streaming: boolean;
  /** `response_format` `json_object` and `json_schema`. */
  jsonMode: boolean;
  /** `tools` / `tool_choice` (function calling); without it a request with `tools` is refused. */
  tools: boolean;
  /** A reasoning model: refuses `max_tokens` (OpenAI's o-series and gpt-5 answer 400, use `max_completion_tokens`). */
  reasoning: boolean;
  contextTokens: number;
}

export interface SimVideoTier {
  /** Studio-facing tier name; identical across channels so a fallback can keep the tier. */
  tier: string;
  /** Provider-side model id on this channel (an alias on some channels). */
  model: string;
  durationSec: { min: number; max: number };
  resolutions: string[];
  ratios: string[];
  fps: number;
  firstFrame: boolean;
  lastFrame: boolean;
  referenceImages: boolean;
  referenceVideo: boolean;
  referenceAudio: boolean;
  /** Accepts `generate_audio: true`. */
  audio: boolean;
}

export interface SimVideoCapabilities {
  tiers: SimVideoTier[];
}

export interface SimChannelBase {
  name: string;
  family: string;
  /** Provider model ids this channel accepts. */
  models: string[];
  media: SimMedia[];
  /** Default latency; changeable at start-up and through `POST /__sim/config`. */
  latencyMs: number;
  /** Nominal list price per {@link SimCostUnit}. */
  costUsd: number;
  costUnit: SimCostUnit;
}

export interface SimImageChannel extends SimChannelBase {
  adapter: 'openai-images';
  capabilities: SimImageCapabilities;
}

export interface SimChatChannel extends SimChannelBase {
  adapter: 'openai-chat';
  capabilities: SimChatCapabilities;
}

export interface SimVideoChannel extends SimChannelBase {
  adapter: 'ark-video';
  capabilities: SimVideoCapabilities;
  /**
   * Simulator test switch, not a provider capability: whether DELETE also cancels a `running`
   * task. The real service only cancels `queued` tasks (false). Default; changeable through
   * `POST /__sim/config` (`cancel_running`).
   */
  cancelRunning: boolean;
}

/** A chat channel speaking Anthropic Messages (`POST /v1/messages`, key in `x-api-key`). */
export interface SimAnthropicChannel extends SimChannelBase {
  adapter: 'anthropic';
  capabilities: SimChatCapabilities;
}

/**
 * A Seedream model on an Ark images channel, as Ark's image generation reference documents it: the sizes it
 * takes (a pixel rule, `1K`/`2K`/`4K` keywords, or only `adaptive`), its reference images, and whether it
 * takes group generation (`sequential_image_generation`) and `output_format`.
 */
export interface SimArkImageModel {
  model: string;
  family: string;
  /** `WxH` sizes it takes; null: only `adaptive` (the output follows the input image). */
  sizes: { min_side?: number; max_side?: number; min_pixels?: number; max_pixels?: number; max_aspect?: number } | null;
  /** Size keywords it takes besides `WxH`. */
  keywords: string[];
  /** The size used when none is sent. */
  defaultSize: string;
  /** 0: text to image only; 1: exactly one input image (image to image); more: up to that many references. */
  maxImages: number;
  /** An input image is required (image to image). */
  imageRequired: boolean;
  sequential: boolean;
  outputFormats: ('png' | 'jpeg')[];
  costUsd: number;
}

/** A channel speaking Ark's image generation API (`POST /api/v3/images/generations`). */
export interface SimArkImagesChannel extends SimChannelBase {
  adapter: 'ark-images';
  capabilities: { models: SimArkImageModel[] };
}

export {
  QWEN_IMAGE_SIZES,
  SIM_DASHSCOPE_CHANNEL,
  type SimDashScopeChannel,
  type SimDashScopeModel,
  type SimDashScopeSizeRule,
} from './channels-dashscope';

/** One official image model of the Replicate channel, as Studio registers it. */
export interface SimReplicateModelEntry {
  /** `owner/name`. */
  model: string;
  family: string;
  costUsd: number;
  /** One size per `aspect_ratio` value, or the width/height rule of the models that take any size. */
  sizes: readonly string[] | { multiple_of: number; min_side: number; max_side: number };
  outputFormats: SimImageFormat[];
  /** 0: takes no reference images. */
  maxReferenceImages: number;
}

/** An image channel speaking Replicate's predictions API (`POST /v1/models/{owner}/{name}/predictions`, polling, cancel). */
export interface SimReplicateChannel extends SimChannelBase {
  adapter: 'replicate';
  capabilities: { models: SimReplicateModelEntry[] };
}

/** What a Gemini model generates: images (with Gemini's aspect ratios) or chat. */
export interface SimGeminiCapabilities {
  /** An image model: its sizes by `aspectRatio` (and `imageSize` where it takes one); null: a chat model. */
  image: { maxReferenceImages: number; imageSizes: boolean } | null;
  chat: SimChatCapabilities | null;
}

/** A channel speaking the Gemini API (`POST /v1beta/models/{model}:generateContent`, key in `x-goog-api-key`). */
export interface SimGeminiChannel extends SimChannelBase {
  adapter: 'gemini';
  capabilities: SimGeminiCapabilities;
}

/** An image channel speaking fal's queue: its models are fal endpoint ids, each of a Studio family. */
export interface SimFalChannel extends SimChannelBase {
  adapter: 'fal-queue';
  /** The Studio family of each endpoint id in `models`. */
  families: Record<string, string>;
}

/** Discriminated on `adapter`, which also decides the shape of `capabilities`. */
export type SimChannel =
  | SimImageChannel
  | SimChatChannel
  | SimVideoChannel
  | SimAnthropicChannel
  | SimArkImagesChannel
  | SimDashScopeChannel
  | SimReplicateChannel
  | SimGeminiChannel
  | SimFalChannel;

export const SIM_DEFAULT_PORT = 4010;
export const SIM_DEFAULT_HOST = '127.0.0.1';

const IMAGE_BASE = {
  mask: false,
  outputFormats: ['png', 'jpeg', 'webp'],
  responseFormats: [],
  maxImagesPerRequest: 10,
} as const satisfies Partial<SimImageCapabilities>;

const VIDEO_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'];

interface TierSpec extends Omit<SimVideoTier, 'model'> {
  canonicalModel: string;
}

type TierFlag = 'lastFrame' | 'referenceImages' | 'referenceVideo' | 'referenceAudio' | 'audio';

/** A tier with the defaults every tier shares (first frame, the usual ratios, 24 fps); `flags` lists what it adds. */
function tierSpec(
  name: string,
  canonicalModel: string,
  maxSec: number,
  resolutions: string[],
  flags: TierFlag[],
  fps = 24,
): TierSpec {
  const has = (f: TierFlag) => flags.includes(f);
  return {
    tier: name,
    canonicalModel,
    durationSec: { min: 4, max: maxSec },
    resolutions,
    ratios: VIDEO_RATIOS,
    fps,
    firstFrame: true,
    lastFrame: has('lastFrame'),
    referenceImages: has('referenceImages'),
    referenceVideo: has('referenceVideo'),
    referenceAudio: has('referenceAudio'),
    audio: has('audio'),
  };
}

const TIERS: TierSpec[] = [
  tierSpec('videomodel-2-0-pro', 'videomodel-2-0-pro-260801', 15, ['480p'], ['lastFrame']),
  tierSpec('videomodel-2-0-fast', 'videomodel-2-0-fast-260801', 15, ['480p', '720p'], []),
  tierSpec('videomodel-2-0-mini', 'videomodel-2-0-mini-260801', 15, ['480p', '720p'], ['referenceImages']),
  tierSpec(
    'videomodel-2-5-pro',
    'videomodel-2-5-pro-260801',
    30,
    ['720p', '1080p'],
    ['lastFrame', 'referenceImages', 'referenceVideo', 'referenceAudio', 'audio'],
  ),
  tierSpec('videomodel-H3', 'videomodel-H3', 15, ['768P', '2K'], ['lastFrame'], 25),
];

function tier(name: string, model?: string): SimVideoTier {
  const spec = TIERS.find((t) => t.tier === name);
  if (!spec) throw new Error(`unknown video tier ${name}`);
  const { canonicalModel, ...rest } = spec;
  return {
    ...rest,
    model: model ?? canonicalModel,
    durationSec: { ...rest.durationSec },
    resolutions: [...rest.resolutions],
    ratios: [...rest.ratios],
  };
}

const VIDEO_A_TIERS = TIERS.map((t) => tier(t.tier));
const VIDEO_B_TIERS = [
  tier('videomodel-2-0-pro', 'vm-20-pro-alt'),
  tier('videomodel-2-0-fast', 'vm-20-fast-alt'),
  tier('videomodel-2-0-mini', 'vm-20-mini-alt'),
  tier('videomodel-2-5-pro', 'vm-25-pro-alt'),
];

/** An image channel: one family, the shared image defaults plus what sets this channel apart. */
function imageChannel(
  name: string,
  family: string,
  costUsd: number,
  caps: Pick<SimImageCapabilities, 'qualities' | 'transparentBackground' | 'maxReferenceImages' | 'sizes'>,
): SimImageChannel {
  return {
    name,
    adapter: 'openai-images',
    family,
    models: [family],
    media: ['image'],
    capabilities: {
      ...IMAGE_BASE,
      outputFormats: [...IMAGE_BASE.outputFormats],
      responseFormats: [...IMAGE_BASE.responseFormats],
      referenceImages: true,
      ...caps,
      qualities: [...caps.qualities],
    },
    latencyMs: 0,
    costUsd,
    costUnit: 'image',
  };
}

function chatChannel(
  name: string,
  family: string,
  costUsd: number,
  caps: Pick<SimChatCapabilities, 'vision' | 'tools' | 'contextTokens'> &
    Partial<Pick<SimChatCapabilities, 'reasoning'>>,
): SimChatChannel {
  return {
    name,
    adapter: 'openai-chat',
    family,
    models: [family],
    media: caps.vision ? ['chat', 'vision'] : ['chat'],
    capabilities: { streaming: true, jsonMode: true, reasoning: false, ...caps },
    latencyMs: 0,
    costUsd,
    costUnit: 'request',
  };
}

function videoChannel(name: string, tiers: SimVideoTier[], costUsd: number, cancelRunning: boolean): SimVideoChannel {
  return {
    name,
    adapter: 'ark-video',
    family: 'videomodel',
    models: tiers.map((t) => t.model),
    media: ['video'],
    capabilities: { tiers },
    latencyMs: 0,
    costUsd,
    costUnit: 'video_second',
    cancelRunning,
  };
}

const ALL_QUALITIES: SimImageQuality[] = ['low', 'medium', 'high'];

export const SIM_CHANNELS: readonly SimChannel[] = [
  imageChannel('sim-image-a', 'imagegen-1', 0.04, {
    qualities: ALL_QUALITIES,
    transparentBackground: true,
    maxReferenceImages: 16,
    sizes: FIXED_IMAGE_SIZES,
  }),
  imageChannel('sim-image-b', 'imagegen-1', 0.035, {
    qualities: ALL_QUALITIES,
    transparentBackground: false,
    maxReferenceImages: 16,
    sizes: FIXED_IMAGE_SIZES,
  }),
  imageChannel('sim-image-c', 'imagegen-2', 0.03, {
    qualities: [],
    transparentBackground: false,
    maxReferenceImages: 4,
    sizes: FREE_SIZE_RULE,
  }),
  chatChannel('sim-chat-a', 'chatmodel-1', 0.002, { vision: true, tools: true, contextTokens: 128_000 }),
  chatChannel('sim-chat-b', 'chatmodel-1', 0.0025, { vision: true, tools: true, contextTokens: 128_000 }),
  chatChannel('sim-chat-lite', 'chatmodel-lite', 0.0005, { vision: false, tools: false, contextTokens: 32_000 }),
  chatChannel('sim-chat-reason', 'chatmodel-reason', 0.004, {
    vision: false,
    tools: false,
    reasoning: true,
    contextTokens: 200_000,
  }),
  videoChannel('sim-video-a', VIDEO_A_TIERS, 0.05, true),
  videoChannel('sim-video-b', VIDEO_B_TIERS, 0.045, false),
];

/**
 * The simulated Anthropic channel: not in the default set (tests and benchmarks count its channels and
 * families); a simulator started with `channels: [...SIM_CHANNELS, SIM_ANTHROPIC_CHANNEL]` serves it.
 * JSON mode is off: Messages has no `response_format`.
 */
export const SIM_ANTHROPIC_CHANNEL: SimAnthropicChannel = {
  name: 'sim-claude',
  adapter: 'anthropic',
  family: 'claudemodel-1',
  models: ['claudemodel-1'],
  media: ['chat', 'vision'],
  capabilities: {
    streaming: true,
    jsonMode: false,
    reasoning: false,
    vision: true,
    tools: true,
    contextTokens: 200_000,
  },
  latencyMs: 0,
  costUsd: 0.003,
  costUnit: 'request',
};

/** Seedream 4.0's and 4.5's `WxH` rule: total pixels within a range, aspect between 1:16 and 16:1. */
const SEEDREAM_4_0_SIZES = { min_pixels: 1280 * 720, max_pixels: 4096 * 4096, max_aspect: 16 };

/**
 * The simulated Seedream channel (Ark's image generation API): not in the default set (tests and benchmarks
 * count the default channels); a simulator started with `channels: [...SIM_CHANNELS, SIM_ARK_IMAGES_CHANNEL]`
 * serves it. Its models are Ark's, with the sizes and reference image limits of Ark's API reference
 * (volcengine.com/docs/82379/1541523, November 2026).
 */
export const SIM_ARK_IMAGES_CHANNEL: SimArkImagesChannel = {
  name: 'sim-seedream',
  adapter: 'ark-images',
  family: 'seedream-4-0',
  models: ['doubao-seedream-4-0-250828', 'doubao-seedream-3-0-t2i-250415', 'doubao-seededit-3-0-i2i-250628'],
  media: ['image'],
  capabilities: {
    models: [
      {
        model: 'doubao-seedream-4-0-250828',
        family: 'seedream-4-0',
        sizes: SEEDREAM_4_0_SIZES,
        keywords: ['1K', '2K', '4K'],
        defaultSize: '2048x2048',
        maxImages: 10,
        imageRequired: false,
        sequential: true,
        outputFormats: [],
        costUsd: 0.03,
      },
      {
        model: 'doubao-seedream-3-0-t2i-250415',
        family: 'seedream-3-0-t2i',
        sizes: { min_side: 512, max_side: 2048 },
        keywords: [],
        defaultSize: '1024x1024',
        maxImages: 0,
        imageRequired: false,
        sequential: false,
        outputFormats: [],
        costUsd: 0.03,
      },
      {
        model: 'doubao-seededit-3-0-i2i-250628',
        family: 'seededit-3-0-i2i',
        sizes: null,
        keywords: ['adaptive'],
        defaultSize: 'adaptive',
        maxImages: 1,
        imageRequired: true,
        sequential: false,
        outputFormats: [],
        costUsd: 0.03,
      },
    ],
  },
  latencyMs: 0,
  costUsd: 0.03,
  costUnit: 'image',
};

/**
 * The simulated fal queue channel (`Authorization: Key sim-key-sim-fal`): not in the default set; a
 * simulator started with `channels: [...SIM_CHANNELS, SIM_FAL_CHANNEL]` serves it. Its models are fal
 * endpoint ids; text models reach their edit siblings for requests with reference images.
 */
export const SIM_FAL_CHANNEL: SimFalChannel = {
  name: 'sim-fal',
  adapter: 'fal-queue',
  family: 'falimage-flux',
  models: [
    'fal-ai/flux/dev',
    'fal-ai/nano-banana',
    'fal-ai/bytedance/seedream/v4/text-to-image',
    'fal-ai/flux-pro/kontext',
    'fal-ai/qwen-image',
  ],
  families: {
    'fal-ai/flux/dev': 'falimage-flux',
    'fal-ai/nano-banana': 'falimage-banana',
    'fal-ai/bytedance/seedream/v4/text-to-image': 'falimage-seedream',
    'fal-ai/flux-pro/kontext': 'falimage-kontext',
    'fal-ai/qwen-image': 'falimage-qwen',
  },
  media: ['image'],
  latencyMs: 0,
  costUsd: 0.03,
  costUnit: 'image',
};
/** The simulated Replicate channel (outside the default set), in its own file. */
export { SIM_REPLICATE_CHANNEL } from './replicate-channel';
/**
 * The simulated Gemini channels, outside the default set like the Anthropic one: an image channel of
 * its own family serving gemini-2.5-flash-image at its documented sizes, and a chat channel.
 */
export const SIM_GEMINI_IMAGE_CHANNEL: SimGeminiChannel = {
  name: 'sim-gemini-image',
  adapter: 'gemini',
  family: 'geminiimage-1',
  models: ['gemini-2.5-flash-image'],
  media: ['image'],
  capabilities: { image: { maxReferenceImages: 3, imageSizes: false }, chat: null },
  latencyMs: 0,
  costUsd: 0.039,
  costUnit: 'image',
};

export const SIM_GEMINI_CHAT_CHANNEL: SimGeminiChannel = {
  name: 'sim-gemini-chat',
  adapter: 'gemini',
  family: 'geminichat-1',
  models: ['gemini-2.5-flash'],
  media: ['chat', 'vision'],
  capabilities: {
    image: null,
    chat: { streaming: true, jsonMode: true, reasoning: false, vision: true, tools: true, contextTokens: 1_048_576 },
  },
  latencyMs: 0,
  costUsd: 0.0019,
  costUnit: 'request',
};

/** The bearer key a channel accepts. */
export function simChannelKey(name: string): string {
  return `sim-key-${name}`;
}

export function findSimChannel(name: string): SimChannel | undefined {
  return SIM_CHANNELS.find((c) => c.name === name);
}

/** Base URL a provider adapter should be configured with, e.g. `http://127.0.0.1:4010/sim-image-a`. */
export function simChannelBaseUrl(origin: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/${name}`;
}

/** The video tier a channel serves under a provider model id (canonical or alias). */
export function findSimVideoTier(channel: SimVideoChannel, model: string): SimVideoTier | undefined {
  return channel.capabilities.tiers.find((t) => t.model === model);
}
