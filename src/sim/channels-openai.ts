import type {
  SimChatCapabilities,
  SimChatChannel,
  SimImageCapabilities,
  SimImageChannel,
  SimImageQuality,
  SimSizeRule,
} from './channel-types';

/** The default set's OpenAI channels: three image channels (gpt-image-1's and gpt-image-2's sizes) and four chat channels. */

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

const IMAGE_BASE = {
  mask: false,
  outputFormats: ['png', 'jpeg', 'webp'],
  responseFormats: [],
  maxImagesPerRequest: 10,
} as const satisfies Partial<SimImageCapabilities>;

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

const ALL_QUALITIES: SimImageQuality[] = ['low', 'medium', 'high'];

export const SIM_OPENAI_IMAGE_CHANNELS: readonly SimImageChannel[] = [
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
];

export const SIM_OPENAI_CHAT_CHANNELS: readonly SimChatChannel[] = [
  chatChannel('sim-chat-a', 'chatmodel-1', 0.002, { vision: true, tools: true, contextTokens: 128_000 }),
  chatChannel('sim-chat-b', 'chatmodel-1', 0.0025, { vision: true, tools: true, contextTokens: 128_000 }),
  chatChannel('sim-chat-lite', 'chatmodel-lite', 0.0005, { vision: false, tools: false, contextTokens: 32_000 }),
  chatChannel('sim-chat-reason', 'chatmodel-reason', 0.004, {
    vision: false,
    tools: false,
    reasoning: true,
    contextTokens: 200_000,
  }),
];
