import type { SimAnthropicChannel } from './channel-types';

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
