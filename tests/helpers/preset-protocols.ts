/**
 * One row per protocol a channel preset speaks: the preset, and the simulated channel its address is
 * pointed at (base URL `{sim}/{channel}`, key `sim-key-{channel}`). The simulator serves the default
 * channels and one per other protocol (SIM_PROTOCOL_CHANNELS). `tests/api/admin-presets.test.ts` adds
 * and tests a channel of every row through the API; `e2e/operator-channels.spec.ts` walks the rows
 * marked `browser` through the console's form (an image, a chat and a queue protocol).
 */
export const PRESET_PROTOCOLS: { preset: string; channel: string; browser?: true }[] = [
  { preset: 'openai-images', channel: 'sim-image-a', browser: true },
  { preset: 'openai-chat', channel: 'sim-chat-lite' },
  { preset: 'anthropic', channel: 'sim-claude', browser: true },
  { preset: 'gemini', channel: 'sim-gemini-image' },
  { preset: 'ark-images', channel: 'sim-seedream' },
  { preset: 'dashscope', channel: 'sim-wan' },
  { preset: 'fal-queue', channel: 'sim-fal', browser: true },
  { preset: 'replicate', channel: 'sim-replicate' },
  { preset: 'deepseek', channel: 'sim-chat-lite' },
];
