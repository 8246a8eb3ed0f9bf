import type { SimGeminiChannel } from './channel-types';

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
