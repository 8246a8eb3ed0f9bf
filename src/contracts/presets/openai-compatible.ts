import type { Capabilities, UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * Chat providers that speak OpenAI's Chat Completions (adapter `openai-chat`). Their base URLs end in the
 * provider's API version segment (`/v1`, `/api/v3`, `/api/paas/v4`, `/compatible-mode/v1`), which makes them
 * the API root: calls go to `{base}/chat/completions` and `{base}/models` (docs/routing.md → Base URLs).
 * DeepSeek documents `https://api.deepseek.com` without one, so it keeps `{base}/v1/chat/completions`,
 * which DeepSeek serves as well.
 *
 * `cost_usd` is per request, for a typical request of 1,000 input and 500 output tokens at the list price
 * per million tokens (uncached input) on the provider's price page as read in November 2026; CNY prices
 * are converted at 7.2 CNY per USD. Prices drift: the operator corrects them per channel.
 *
 * `reasoning` means what Studio means by it (the model refuses `max_tokens` and takes
 * `max_completion_tokens`): none of these providers' thinking models refuse `max_tokens`, so none sets it.
 */

/** Cost of 1,000 input and 500 output tokens at these prices per million tokens, rounded to 1e-6 USD. */
const perRequest = (inputPerM: number, outputPerM: number, cnyPerUsd = 1): number =>
  Math.round(((inputPerM * 1_000 + outputPerM * 500) / 1_000_000 / cnyPerUsd) * 1e6) / 1e6;
const CNY = 7.2;

const TEXT: Capabilities = { streaming: true, json_mode: true, tools: true, vision: false };
const VISION: Capabilities = { ...TEXT, vision: true };

function chat(model: string, cost: number, caps: Capabilities, family = model): UpstreamModel {
  return { family, model, media: caps.vision ? ['chat', 'vision'] : ['chat'], cost_usd: cost, capabilities: caps };
}

/**
 * api-docs.deepseek.com: models & pricing (V3.2: $0.28 input, $0.42 output per million). `deepseek-reasoner`
 * takes `max_tokens`, answers `reasoning_content` beside `content`, ignores temperature/top_p/presence and
 * frequency penalties, and refuses `logprobs`/`top_logprobs` (400); neither model reads images.
 */
export const DEEPSEEK_PRESET: ChannelPreset = {
  id: 'deepseek',
  adapter: 'openai-chat',
  provider: 'DeepSeek',
  baseUrls: [{ region: 'global', url: 'https://api.deepseek.com' }],
  reference: 'https://api-docs.deepseek.com/api/create-chat-completion',
  models: [
    chat('deepseek-chat', perRequest(0.28, 0.42), TEXT),
    chat('deepseek-reasoner', perRequest(0.28, 0.42), TEXT),
  ],
};

/** Alibaba Cloud Model Studio (DashScope) compatible mode; prices of the international edition's model list (USD). */
export const QWEN_PRESET: ChannelPreset = {
  id: 'qwen',
  adapter: 'openai-chat',
  provider: 'Alibaba Cloud Model Studio',
  baseUrls: [
    { region: 'cn-beijing', url: 'https://dashscope.aliyuncs.com/compatible-mode/v1' },
    { region: 'singapore', url: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1' },
  ],
  reference: 'https://www.alibabacloud.com/help/en/model-studio/compatibility-of-openai-with-dashscope',
  models: [
    chat('qwen-max', perRequest(1.6, 6.4), TEXT),
    chat('qwen-plus', perRequest(0.4, 1.2), TEXT),
    chat('qwen-turbo', perRequest(0.05, 0.2), TEXT),
    // The VL models read images; JSON mode and tools are documented for the text models only.
    chat('qwen-vl-max', perRequest(0.8, 3.2), { ...VISION, json_mode: false, tools: false }),
  ],
};

/** Volcengine Ark's chat API (OpenAI-compatible under /api/v3); prices of Ark's model pricing page, CNY (≤32k input). */
export const DOUBAO_PRESET: ChannelPreset = {
  id: 'doubao',
  adapter: 'openai-chat',
  provider: 'Volcengine Ark',
  baseUrls: [
    { region: 'cn-beijing', url: 'https://ark.cn-beijing.volces.com/api/v3' },
    { region: 'ap-southeast', url: 'https://ark.ap-southeast.bytepluses.com/api/v3' },
  ],
  reference: 'https://www.volcengine.com/docs/82379/1494384',
  models: [
    chat('doubao-seed-1-6-250615', perRequest(0.8, 8, CNY), VISION, 'doubao-seed-1-6'),
    chat('doubao-seed-1-6-flash-250828', perRequest(0.15, 1.5, CNY), VISION, 'doubao-seed-1-6-flash'),
    chat('doubao-1-5-pro-32k-250115', perRequest(0.8, 2, CNY), TEXT, 'doubao-1-5-pro-32k'),
  ],
};

/** Moonshot AI (platform.moonshot.ai pricing, USD); the `-vision-preview` models read images. */
export const KIMI_PRESET: ChannelPreset = {
  id: 'kimi',
  adapter: 'openai-chat',
  provider: 'Moonshot AI',
  baseUrls: [
    { region: 'cn', url: 'https://api.moonshot.cn/v1' },
    { region: 'intl', url: 'https://api.moonshot.ai/v1' },
  ],
  reference: 'https://platform.moonshot.ai/docs/api/chat',
  models: [
    chat('kimi-k2-0905-preview', perRequest(0.6, 2.5), TEXT),
    chat('kimi-k2-turbo-preview', perRequest(1.15, 8), TEXT),
    chat('moonshot-v1-8k-vision-preview', perRequest(0.2, 2), VISION),
  ],
};

/** Zhipu (open.bigmodel.cn) / Z.ai (docs.z.ai pricing, USD); GLM-4.5V reads images. */
export const GLM_PRESET: ChannelPreset = {
  id: 'glm',
  adapter: 'openai-chat',
  provider: 'Zhipu AI',
  baseUrls: [
    { region: 'cn', url: 'https://open.bigmodel.cn/api/paas/v4' },
    { region: 'intl', url: 'https://api.z.ai/api/paas/v4' },
  ],
  reference: 'https://docs.z.ai/api-reference/llm/chat-completion',
  models: [
    chat('glm-4.6', perRequest(0.6, 2.2), TEXT),
    chat('glm-4.5-air', perRequest(0.2, 1.1), TEXT),
    chat('glm-4.5v', perRequest(0.6, 1.8), { ...VISION, json_mode: false }),
  ],
};

/** SiliconFlow (siliconflow.cn pricing, CNY): open models under their publishers' names. */
export const SILICONFLOW_PRESET: ChannelPreset = {
  id: 'siliconflow',
  adapter: 'openai-chat',
  provider: 'SiliconFlow',
  baseUrls: [
    { region: 'cn', url: 'https://api.siliconflow.cn/v1' },
    { region: 'intl', url: 'https://api.siliconflow.com/v1' },
  ],
  reference: 'https://docs.siliconflow.cn/en/api-reference/chat-completions/chat-completions',
  models: [
    chat('deepseek-ai/DeepSeek-V3', perRequest(2, 8, CNY), TEXT),
    chat('Qwen/Qwen2.5-72B-Instruct', perRequest(4.13, 4.13, CNY), TEXT),
    chat('Qwen/Qwen2.5-VL-72B-Instruct', perRequest(4.13, 4.13, CNY), { ...VISION, tools: false }),
  ],
};

/** OpenRouter (openrouter.ai/models, USD): other providers' models under `<publisher>/<model>`. */
export const OPENROUTER_PRESET: ChannelPreset = {
  id: 'openrouter',
  adapter: 'openai-chat',
  provider: 'OpenRouter',
  baseUrls: [{ region: 'global', url: 'https://openrouter.ai/api/v1' }],
  reference: 'https://openrouter.ai/docs/api-reference/chat-completion',
  models: [
    chat('openai/gpt-4o-mini', perRequest(0.15, 0.6), VISION),
    chat('anthropic/claude-sonnet-4.5', perRequest(3, 15), { ...VISION, json_mode: false }),
    chat('google/gemini-2.5-flash', perRequest(0.3, 2.5), VISION),
  ],
};

export const OPENAI_COMPATIBLE_PRESETS: readonly ChannelPreset[] = [
  DEEPSEEK_PRESET,
  QWEN_PRESET,
  DOUBAO_PRESET,
  KIMI_PRESET,
  GLM_PRESET,
  SILICONFLOW_PRESET,
  OPENROUTER_PRESET,
];
