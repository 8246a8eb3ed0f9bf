import type { ChannelPreset } from './types';

/**
 * Anthropic's Messages API (docs.anthropic.com/en/api/messages): image input and tool use on every
 * current model; JSON mode stays off, since Messages has no `response_format`. cost_usd follows
 * docs.anthropic.com/en/docs/about-claude/pricing, a request reckoned at 1,000 input and 500 output tokens
 * (Sonnet 4.5 $3/$15, Opus 4.1 $15/$75, Haiku 4.5 $1/$5 per million tokens).
 */
const claude = (model: string, inPerM: number, outPerM: number) => ({
  family: model,
  model,
  media: ['chat' as const, 'vision' as const],
  cost_usd: Number(((inPerM * 1000 + outPerM * 500) / 1e6).toFixed(6)),
  capabilities: { vision: true, streaming: true, tools: true, json_mode: false },
});

export const ANTHROPIC: ChannelPreset = {
  id: 'anthropic',
  adapter: 'anthropic',
  provider: 'Anthropic',
  baseUrls: [{ region: 'global', url: 'https://api.anthropic.com' }],
  reference: 'https://docs.anthropic.com/en/api/messages',
  models: [claude('claude-sonnet-4-5', 3, 15), claude('claude-opus-4-1', 15, 75), claude('claude-haiku-4-5', 1, 5)],
};
