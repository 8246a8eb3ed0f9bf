/**
 * The shapes of the simulator's channel catalogue: adapters, media, each protocol's capabilities and
 * channel type. Plain types with no imports, so every catalogue file and protocol can use them.
 */

export type SimAdapter =
  | 'openai-images'
  | 'openai-chat'
  | 'ark-video'
  | 'anthropic'
  | 'ark-images'
  | 'dashscope'
  | 'replicate'
  | 'gemini'
  | 'fal-queue'
  | 'kling'
  | 'minimax-video'
  | 'gemini-veo'
  | 'dashscope-video';
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
  capabilities: { models: SimReplicateModelEntry[]; video?: SimReplicateVideoTier[] };
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

/** A spec video tier the simulated Replicate video channel serves with one official video model. */
export interface SimReplicateVideoTier {
  tier: string;
  /** `owner/name` (protocols/replicate-video.ts). */
  model: string;
  durations: readonly number[];
  resolutions: readonly string[];
  lastFrame: boolean;
  audio: boolean;
  /** USD per video second. */
  costUsd: number;
}
