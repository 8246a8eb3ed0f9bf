import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
import { adminKey, api } from '../helpers/api';
import { PRESET_PROTOCOLS } from '../helpers/preset-protocols';

interface Answer {
  upstream: { name: string; adapter: string; provider: string; models: { model: string }[] };
  test: { ok: boolean; error_class: string | null; message: string; model: string };
  error: string;
}

const admin = (body: Record<string, unknown>) => api<Answer>('/admin', { key: adminKey(), body });
const suffix = randomBytes(3).toString('hex');
const added: string[] = [];

afterAll(async () => {
  for (const name of added) await admin({ action: 'upstream-remove', name });
});

/**
 * What the console's "Add channel" saves from a preset (e2e/operator-channels.spec.ts walks three of
 * them in the browser): the preset's protocol and provider, two of its known models, and the
 * simulator's own model added by hand, at the simulated channel's address. Off, so no other test's
 * routing meets it.
 */
describe('a channel from each preset protocol is saved and answers its test request', () => {
  it.each(PRESET_PROTOCOLS)('$preset, pointed at $channel', async ({ preset: id, channel }) => {
    const preset = CHANNEL_PRESETS.find((p) => p.id === id);
    const sim = [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS].find((c) => c.name === channel);
    if (!preset || !sim) throw new Error(`no preset ${id} or simulated channel ${channel}`);
    const [first, second] = preset.models;
    if (!first || !second) throw new Error(`preset ${id} needs two models`);
    const simModel = sim.models[0] ?? sim.family;
    const name = `api-${id}-${suffix}`;
    added.push(name);

    const saved = await admin({
      action: 'upstream-upsert',
      name,
      provider: preset.provider,
      adapter: preset.adapter,
      base_url: `${inject('simOrigin')}/${channel}`,
      api_key: `sim-key-${channel}`,
      enabled: false,
      models: [first, second, { family: `${name}-sim`, model: simModel, media: first.media, capabilities: {} }],
    });
    expect(saved.status, saved.body.error).toBe(200);
    expect(saved.body.upstream).toMatchObject({ name, adapter: preset.adapter, provider: preset.provider });
    expect(saved.body.upstream.models.map((m) => m.model)).toEqual([first.model, second.model, simModel]);

    const tested = await admin({ action: 'upstream-test', name, model: simModel });
    expect(tested.status, tested.body.error).toBe(200);
    expect(tested.body.test, tested.body.test?.message).toMatchObject({ ok: true, error_class: null, model: simModel });
  });
});
