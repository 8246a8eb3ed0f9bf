import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, findSimChannel, simChannelBaseUrl, simChannelKey, type SimChannel } from './channels';
import type { SimRequestRecord } from './server';
import { startSim, type RunningSim } from './testing';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ latencyMs: { 'sim-chat-b': 150 } });
});
afterAll(async () => {
  await s.close();
});

const chat = (channel: string): Promise<Response> =>
  s.call(channel, '/v1/chat/completions', {
    json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'ping' }] },
  });

describe('catalogue', () => {
  it('has the required channels, families and capabilities', () => {
    const names = SIM_CHANNELS.map((c) => c.name);
    expect(names).toEqual([
      'sim-image-a',
      'sim-image-b',
      'sim-image-c',
      'sim-chat-a',
      'sim-chat-b',
      'sim-chat-lite',
      'sim-chat-reason',
      'sim-video-a',
      'sim-video-b',
    ]);
    for (const c of SIM_CHANNELS) expect(c.latencyMs).toBe(0);
    const img = (name: string): Extract<SimChannel, { adapter: 'openai-images' }> => {
      const c = findSimChannel(name);
      if (c?.adapter !== 'openai-images') throw new Error(name);
      return c;
    };
    expect(img('sim-image-a')).toMatchObject({
      family: 'imagegen-1',
      capabilities: { transparentBackground: true, referenceImages: true, mask: false },
    });
    expect(img('sim-image-b')).toMatchObject({
      family: 'imagegen-1',
      capabilities: { transparentBackground: false, referenceImages: true },
    });
    expect(img('sim-image-c')).toMatchObject({
      family: 'imagegen-2',
      capabilities: { transparentBackground: false, qualities: [] },
    });
    expect(img('sim-image-a').capabilities.qualities).toEqual(['low', 'medium', 'high']);
    // gpt-image-1's list on the imagegen-1 channels, gpt-image-2's rule on imagegen-2; base64 only.
    expect(img('sim-image-a').capabilities.sizes).toEqual(['1024x1024', '1536x1024', '1024x1536']);
    expect(img('sim-image-c').capabilities.sizes).toEqual({
      multiple_of: 16,
      max_side: 3840,
      min_pixels: 655_360,
      max_pixels: 8_294_400,
      max_aspect: 3,
    });
    for (const name of ['sim-image-a', 'sim-image-b', 'sim-image-c'])
      expect(img(name).capabilities.responseFormats).toEqual([]);
    const video = findSimChannel('sim-video-a');
    if (video?.adapter !== 'ark-video') throw new Error('sim-video-a');
    expect(
      video.capabilities.tiers.map((t) => [t.model, t.durationSec.min, t.durationSec.max, t.resolutions.join('/')]),
    ).toEqual([
      ['videomodel-2-0-pro-260801', 4, 15, '480p'],
      ['videomodel-2-0-fast-260801', 4, 15, '480p/720p'],
      ['videomodel-2-0-mini-260801', 4, 15, '480p/720p'],
      ['videomodel-2-5-pro-260801', 4, 30, '720p/1080p'],
      ['videomodel-H3', 4, 15, '768P/2K'],
    ]);
    expect(findSimChannel('sim-chat-lite')).toMatchObject({
      family: 'chatmodel-lite',
      models: ['chatmodel-lite'],
      media: ['chat'],
      capabilities: { vision: false, tools: false, streaming: true, jsonMode: true, contextTokens: 32_000 },
    });
    expect(findSimChannel('sim-chat-a')).toMatchObject({
      capabilities: { vision: true, tools: true, reasoning: false },
    });
    expect(findSimChannel('sim-chat-reason')).toMatchObject({
      family: 'chatmodel-reason',
      models: ['chatmodel-reason'],
      media: ['chat'],
      capabilities: { vision: false, tools: false, reasoning: true, streaming: true, jsonMode: true },
    });
    expect(simChannelKey('sim-chat-a')).toBe('sim-key-sim-chat-a');
    expect(simChannelBaseUrl('http://127.0.0.1:4010/', 'sim-chat-a')).toBe('http://127.0.0.1:4010/sim-chat-a');
  });
});

describe('control API', () => {
  it('reports health and the catalogue without keys', async () => {
    const health = await (await s.control('/__sim/health')).json();
    expect(health).toEqual({ ok: true, simulator: true, channels: SIM_CHANNELS.map((c) => c.name) });
    const res = await s.control('/__sim/channels');
    const text = await res.text();
    expect(text).not.toContain('sim-key-');
    const channels = JSON.parse(text) as SimChannel[];
    expect(channels.find((c) => c.name === 'sim-chat-b')?.latencyMs).toBe(150);
  });

  it('applies per-channel latency from options and from /__sim/config', async () => {
    let started = Date.now();
    expect((await chat('sim-chat-b')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const set = await s.control('/__sim/config', { json: { channel: 'sim-chat-a', latency_ms: 200 } });
    expect(set.status).toBe(200);
    started = Date.now();
    await chat('sim-chat-a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const config = (await (await s.control('/__sim/config')).json()) as {
      channels: Record<string, { latency_ms: number }>;
    };
    expect(config.channels['sim-chat-a']?.latency_ms).toBe(200);
    await s.control('/__sim/config', { json: { channel: 'sim-chat-a', latency_ms: 0 } });

    for (const bad of [
      { channel: 'sim-chat-a', latency_ms: -1 },
      { channel: 'nope', latency_ms: 5 },
      { channel: 'sim-chat-a' },
      { channel: 'sim-chat-a', latency_ms: 5, extra: 1 },
    ]) {
      const res = await s.control('/__sim/config', { json: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('keeps a request log per channel and clears it', async () => {
    await s.control('/__sim/requests', { method: 'DELETE' });
    await chat('sim-chat-a');
    await s.call('sim-image-a', '/v1/images/generations', {
      json: { model: 'imagegen-1', prompt: 'log me', size: '1024x1024' },
    });
    await fetch(`${s.url}/sim-image-a/v1/models`);
    const all = (await (await s.control('/__sim/requests')).json()) as SimRequestRecord[];
    expect(all.map((r) => [r.channel, r.method, r.path, r.model, r.status])).toEqual([
      ['sim-chat-a', 'POST', '/v1/chat/completions', 'chatmodel-1', 200],
      ['sim-image-a', 'POST', '/v1/images/generations', 'imagegen-1', 200],
      ['sim-image-a', 'GET', '/v1/models', null, 401],
    ]);
    for (const r of all) expect(new Date(r.at).toISOString()).toBe(r.at);
    const images = (await (await s.control('/__sim/requests?channel=sim-image-a')).json()) as SimRequestRecord[];
    expect(images).toHaveLength(2);
    const last = (await (await s.control('/__sim/requests?limit=1')).json()) as SimRequestRecord[];
    expect(last.map((r) => r.path)).toEqual(['/v1/models']);
    expect(s.sim.requests('sim-chat-a')).toHaveLength(1);
    const cleared = (await (await s.control('/__sim/requests', { method: 'DELETE' })).json()) as { cleared: number };
    expect(cleared.cleared).toBe(3);
    expect(await (await s.control('/__sim/requests')).json()).toEqual([]);
  });

  it('bounds the request log', async () => {
    const small = await startSim({ maxRequestLog: 5 });
    try {
      for (let i = 0; i < 12; i += 1) await small.call('sim-chat-a', '/v1/models');
      const log = (await (await small.control('/__sim/requests')).json()) as SimRequestRecord[];
      expect(log).toHaveLength(5);
      expect(log.at(-1)?.seq).toBe(12);
    } finally {
      await small.close();
    }
  });

  it('answers unknown channels, control paths and files with JSON 404s', async () => {
    const channel = await fetch(`${s.url}/sim-nope/v1/models`);
    expect(channel.status).toBe(404);
    expect(((await channel.json()) as { error: { code: string } }).error.code).toBe('unknown_channel');
    const control = await s.control('/__sim/nothing');
    expect(control.status).toBe(404);
    expect(await control.json()).toEqual({ error: expect.any(String) });
    const file = await s.control('/__sim/files/../../etc/passwd');
    expect(file.status).toBe(404);
    const root = (await (await fetch(s.url)).json()) as { simulator: boolean };
    expect(root.simulator).toBe(true);
  });

  it('resets faults, log and latency', async () => {
    await s.control('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'server_error' } });
    await s.control('/__sim/config', { json: { channel: '*', latency_ms: 5 } });
    expect((await s.control('/__sim/reset', { method: 'POST' })).status).toBe(200);
    expect(s.sim.faults()).toEqual([]);
    expect(s.sim.requests()).toEqual([]);
    const config = (await (await s.control('/__sim/config')).json()) as {
      channels: Record<string, { latency_ms: number }>;
    };
    expect(config.channels['sim-chat-b']?.latency_ms).toBe(150);
    expect(config.channels['sim-image-a']?.latency_ms).toBe(0);
  });
});
