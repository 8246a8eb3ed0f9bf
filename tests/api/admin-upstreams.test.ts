import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

interface Model {
  family: string;
  model: string;
  media: string[];
  cost_usd: number;
  capabilities: Record<string, unknown>;
}
interface Upstream {
  name: string;
  provider: string;
  adapter: string;
  state: string;
  source: string;
  editable: boolean;
  enabled: boolean;
  base_url: string;
  soft_timeout_ms: number;
  models: Model[];
}
interface Test {
  ok: boolean;
  latency_ms: number;
  error_class: string | null;
  message: string;
  sample: string | null;
  model: string;
}
interface Answer {
  upstreams: Upstream[];
  upstream: Upstream;
  created: boolean;
  test: Test;
  error: string;
  reason: string;
  issues: { path: (string | number)[]; message: string }[];
}

const admin = (body: Record<string, unknown>) => api<Answer>('/admin', { key: adminKey(), body });
const suffix = randomBytes(3).toString('hex');
const chat = `api-chat-${suffix}`;
const video = `api-video-${suffix}`;
const simBase = (channel: string) => `${inject('simOrigin')}/${channel}`;

/** A chat channel on the simulator, off so that other tests' routing never meets it. */
const chatBody = (over: Record<string, unknown> = {}) => ({
  action: 'upstream-upsert',
  name: chat,
  provider: 'acme',
  adapter: 'openai-chat',
  base_url: simBase('sim-chat-lite'),
  api_key: 'sim-key-sim-chat-lite',
  soft_timeout_ms: 30_000,
  enabled: false,
  models: [
    {
      family: `fam-${suffix}`,
      model: 'chatmodel-lite',
      media: ['chat'],
      cost_usd: 0.0005,
      capabilities: { streaming: true, json_mode: true },
    },
  ],
  ...over,
});

afterAll(async () => {
  for (const name of [chat, video]) await admin({ action: 'upstream-remove', name });
});

describe('operator channels (upstream-upsert, upstream-test, upstream-remove)', () => {
  it('adds a console channel that the list shows with its details and never its key', async () => {
    const res = await admin(chatBody());
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(true);
    expect(res.body.upstream).toMatchObject({
      name: chat,
      provider: 'acme',
      source: 'console',
      editable: true,
      state: 'disabled',
      soft_timeout_ms: 30_000,
      base_url: simBase('sim-chat-lite'),
    });

    const list = await admin({ action: 'upstream-list' });
    const row = list.body.upstreams.find((u) => u.name === chat);
    expect(row?.models).toEqual([
      {
        family: `fam-${suffix}`,
        model: 'chatmodel-lite',
        media: ['chat'],
        cost_usd: 0.0005,
        capabilities: { streaming: true, json_mode: true },
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('sim-key-');
    // Simulator channels show their details too, and are not editable here.
    expect(list.body.upstreams.find((u) => u.name === 'sim-video-b')).toMatchObject({
      source: 'simulator',
      editable: false,
      adapter: 'ark-video',
    });
  });

  it('tests a channel with the smallest real request and answers ok with the latency and a sample', async () => {
    const res = await admin({ action: 'upstream-test', name: chat });
    expect(res.status).toBe(200);
    expect(res.body.test).toMatchObject({ ok: true, error_class: null, model: 'chatmodel-lite' });
    expect(res.body.test.latency_ms).toBeGreaterThanOrEqual(0);
    expect(res.body.test.sample).toMatch(/^reply "/);

    const videoAdded = await admin({
      action: 'upstream-upsert',
      name: video,
      provider: 'acme',
      adapter: 'ark-video',
      base_url: simBase('sim-video-b'),
      api_key: 'sim-key-sim-video-b',
      enabled: false,
      models: [
        {
          family: `tier-${suffix}`,
          model: 'vm-20-fast-alt',
          media: ['video'],
          capabilities: { duration: { min: 4, max: 15 }, resolutions: ['720p'] },
        },
      ],
    });
    expect(videoAdded.status).toBe(200);
    const videoTest = await admin({ action: 'upstream-test', name: video });
    expect(videoTest.body.test).toMatchObject({ ok: true });
    expect(videoTest.body.test.sample).toMatch(/^task list answered/);
  });

  it('answers ok:false with the class of the failure for a wrong key and an unreachable address', async () => {
    expect((await admin(chatBody({ api_key: 'sim-key-not-this-one' }))).body.created).toBe(false);
    const wrong = await admin({ action: 'upstream-test', name: chat });
    expect(wrong.status).toBe(200);
    expect(wrong.body.test).toMatchObject({ ok: false, error_class: 'invalid_key', sample: null });
    expect(wrong.body.test.message).not.toContain('not-this-one');

    const { api_key: _key, ...withoutKey } = chatBody({ base_url: 'http://127.0.0.1:9' });
    await admin(withoutKey);
    const unreachable = await admin({ action: 'upstream-test', name: chat });
    expect(unreachable.body.test).toMatchObject({ ok: false, error_class: 'network' });
  });

  it('keeps the stored key when an edit leaves api_key out', async () => {
    await admin(chatBody());
    const { api_key: _key, ...withoutKey } = chatBody({ soft_timeout_ms: 20_000, provider: 'acme-2' });
    const edited = await admin(withoutKey);
    expect(edited.body.upstream).toMatchObject({ provider: 'acme-2', soft_timeout_ms: 20_000 });
    expect((await admin({ action: 'upstream-test', name: chat })).body.test.ok).toBe(true);
  });

  it('refuses bad definitions with a 400 naming the field', async () => {
    const refused = async (over: Record<string, unknown>, path: (string | number)[]) => {
      const res = await admin(chatBody({ name: `api-bad-${suffix}`, ...over }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.issues.map((i) => i.path)).toContainEqual(path);
      expect(res.body.error).toContain(path[0]);
    };
    await refused({ base_url: 'ftp://example.test' }, ['base_url']);
    await refused({ base_url: 'not a url' }, ['base_url']);
    await refused({ name: 'Bad Name' }, ['name']);
    await refused({ adapter: 'carrier-pigeon' }, ['adapter']);
    await refused({ models: [] }, ['models']);
    await refused({ models: [{ family: 'f', model: 'm', media: ['video'] }] }, ['models', 0, 'media', 0]);
    await refused(
      { models: [{ family: 'f', model: 'm', media: ['chat'], capabilities: { transparent_background: true } }] },
      ['models', 0, 'capabilities', 'transparent_background'],
    );
    await refused({ models: [{ family: 'f', model: 'm', media: ['chat'], capabilities: { laser: true } }] }, [
      'models',
      0,
      'capabilities',
    ]);
    await refused({ models: [{ family: 'auto', model: 'm', media: ['chat'] }] }, ['models', 0, 'family']);
    await refused({ soft_timeout_ms: 0 }, ['soft_timeout_ms']);
    await refused({ api_key: undefined }, ['api_key']);
    // A family that is another channel's name would make `model` ambiguous.
    await refused({ models: [{ family: 'sim-chat-a', model: 'm', media: ['chat'] }] }, ['models', 0, 'family']);
    expect((await admin({ action: 'upstream-test', name: 'no-such-channel' })).status).toBe(404);
    expect((await admin({ action: 'upstream-test', name: chat, model: 'not-a-model' })).status).toBe(400);
  });

  it('refuses to change or retire a simulator channel, with a message saying where it is defined', async () => {
    const res = await admin(chatBody({ name: 'sim-chat-a' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/bundled simulator/);
    expect((await admin({ action: 'upstream-remove', name: 'sim-chat-a' })).status).toBe(409);
    expect((await admin({ action: 'upstream-list' })).body.upstreams.find((u) => u.name === 'sim-chat-a')?.source).toBe(
      'simulator',
    );
  });

  it('routes to an enabled console channel by its name, and no longer once retired', async () => {
    await admin(chatBody({ enabled: true }));
    const t = await newTenant({ credits: 100 });
    const call = () =>
      api<{ choices: { message: { content: string } }[]; error: string }>('/chat/completions', {
        key: t.key,
        body: { model: chat, messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 },
      });
    const served = await call();
    expect(served.status).toBe(200);
    expect(served.body.choices[0]?.message.content).toBeTruthy();

    const removed = await admin({ action: 'upstream-remove', name: chat });
    expect(removed.body.upstream).toMatchObject({ state: 'retired', source: 'retired' });
    expect((await call()).status).toBe(400);
    // Its history stays: the retired channel is still listed.
    expect((await admin({ action: 'upstream-list' })).body.upstreams.some((u) => u.name === chat)).toBe(true);
  });
});
