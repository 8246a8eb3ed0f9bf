import type { ChannelPreset } from './types';

/**
 * OpenAI's Images API and Chat Completions. Sizes, qualities, transparency, masks and reference images
 * follow the API reference's `CreateImageRequest` / `CreateImageEditRequest` (openai/openai-openapi,
 * also docs/routing.md → Sizes). cost_usd follows platform.openai.com/docs/pricing: an image at medium
 * quality and 1024×1024 (gpt-image-1 $0.042, gpt-image-1-mini $0.011, dall-e-3 standard $0.04); a chat
 * request reckoned at 1,000 input and 500 output tokens at the per-million-token list prices.
 */
const IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;
const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'];

const gptImage = (model: string, cost: number) => ({
  family: model,
  model,
  media: ['image' as const],
  cost_usd: cost,
  capabilities: {
    qualities: ['low' as const, 'medium' as const, 'high' as const],
    sizes: GPT_IMAGE_SIZES,
    transparent_background: true,
    reference_images: true,
    // The edits endpoint takes up to 16 images for GPT image models.
    max_reference_images: 16,
    mask: true,
    output_formats: [...IMAGE_FORMATS],
  },
});

export const OPENAI_IMAGES: ChannelPreset = {
  id: 'openai-images',
  adapter: 'openai-images',
  provider: 'OpenAI',
  baseUrls: [{ region: 'global', url: 'https://api.openai.com' }],
  reference: 'https://platform.openai.com/docs/api-reference/images',
  models: [
    gptImage('gpt-image-1', 0.042),
    gptImage('gpt-image-1-mini', 0.011),
    {
      family: 'dall-e-3',
      model: 'dall-e-3',
      media: ['image'],
      cost_usd: 0.04,
      // Its quality is standard/hd, which Studio's low/medium/high do not name: no quality is sent.
      capabilities: { sizes: ['1024x1024', '1792x1024', '1024x1792'] },
    },
  ],
};

/** A chat model with image input, streaming, JSON mode and tools; `reasoning` for the gpt-5 line. */
const chat = (model: string, inPerM: number, outPerM: number, reasoning = false) => ({
  family: model,
  model,
  media: ['chat' as const, 'vision' as const],
  cost_usd: Number(((inPerM * 1000 + outPerM * 500) / 1e6).toFixed(6)),
  capabilities: { vision: true, streaming: true, json_mode: true, tools: true, ...(reasoning ? { reasoning } : {}) },
});

export const OPENAI_CHAT: ChannelPreset = {
  id: 'openai-chat',
  adapter: 'openai-chat',
  provider: 'OpenAI',
  baseUrls: [{ region: 'global', url: 'https://api.openai.com' }],
  reference: 'https://platform.openai.com/docs/api-reference/chat',
  models: [
    chat('gpt-5', 1.25, 10, true),
    chat('gpt-5-mini', 0.25, 2, true),
    chat('gpt-4.1', 2, 8),
    chat('gpt-4.1-mini', 0.4, 1.6),
    chat('gpt-4o', 2.5, 10),
  ],
};
