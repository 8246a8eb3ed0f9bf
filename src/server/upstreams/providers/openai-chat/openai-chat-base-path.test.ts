import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_COMPATIBLE_PRESETS } from '@/contracts/presets/openai-compatible';
import { simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Target } from '@/server/upstreams/types';
import { apiPath, probeOpenAiModels } from '@/server/upstreams/providers/http';
import { openAiChat } from './openai-chat';

/** Base URLs that end in an API version segment are the API root; the others are a prefix below which `/v1` follows. */

describe('the base path rule', () => {
  it('treats a last path segment v<digits> as the API root', () => {
    for (const base of [
      'https://api.openai.com/v1',
      'https://ark.cn-beijing.volces.com/api/v3',
      'https://open.bigmodel.cn/api/paas/v4',
      'https://dashscope.aliyuncs.com/compatible-mode/v1',
      'https://openrouter.ai/api/v1',
      'https://gateway.example.com/v2/',
    ]) {
      expect(apiPath(base, '/v1/chat/completions'), base).toBe('/chat/completions');
      expect(apiPath(base, '/v1/models'), base).toBe('/models');
    }
  });

  it('keeps /v1 below any other base URL, so existing channels keep working', () => {
    for (const base of [
      'https://api.openai.com',
      'https://gateway.example.com/openai',
      'http://127.0.0.1:4010/sim-chat-a',
      'https://example.com/api/v1beta',
      'https://example.com/v1/proxy',
      'https://example.com/V1',
    ]) {
      expect(apiPath(base, '/v1/chat/completions'), base).toBe('/v1/chat/completions');
    }
    // Only OpenAI-style paths are rewritten.
    expect(apiPath('https://ark.cn-beijing.volces.com/api/v3', '/api/v3/images/generations')).toBe(
      '/api/v3/images/generations',
    );
  });
});

/** Each preset's base URLs and the chat completions URL its provider documents. */
const DOCUMENTED: Record<string, string[]> = {
  // api-docs.deepseek.com: `https://api.deepseek.com/v1` may be used as the base URL, "the v1 has nothing to do with the model's version".
  deepseek: ['https://api.deepseek.com/v1/chat/completions'],
  qwen: [
    'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions',
    'https://dashscope-intl.aliyuncs.com/compatible-mode/v1/chat/completions',
  ],
  doubao: [
    'https://ark.cn-beijing.volces.com/api/v3/chat/completions',
    'https://ark.ap-southeast.bytepluses.com/api/v3/chat/completions',
  ],
  kimi: ['https://api.moonshot.cn/v1/chat/completions', 'https://api.moonshot.ai/v1/chat/completions'],
  glm: ['https://open.bigmodel.cn/api/paas/v4/chat/completions', 'https://api.z.ai/api/paas/v4/chat/completions'],
  siliconflow: ['https://api.siliconflow.cn/v1/chat/completions', 'https://api.siliconflow.com/v1/chat/completions'],
  openrouter: ['https://openrouter.ai/api/v1/chat/completions'],
};

describe('the OpenAI-compatible presets', () => {
  it.each(OPENAI_COMPATIBLE_PRESETS.map((p) => [p.id, p] as const))(
    '%s: every base URL reaches the documented chat completions URL',
    (id, preset) => {
      expect(preset.adapter).toBe('openai-chat');
      const urls = preset.baseUrls.map((b) => `${b.url}${apiPath(b.url, '/v1/chat/completions')}`);
      expect(urls).toEqual(DOCUMENTED[id]);
      for (const m of preset.models) {
        expect(m.media).toContain('chat');
        expect(m.media.includes('vision')).toBe(m.capabilities.vision === true);
        expect(m.cost_usd).toBeGreaterThan(0);
      }
    },
  );

  it('uses only the fixed region ids', () => {
    const regions = new Set(['global', 'cn-beijing', 'ap-southeast', 'singapore', 'cn', 'intl']);
    for (const p of OPENAI_COMPATIBLE_PRESETS) for (const b of p.baseUrls) expect(regions.has(b.region)).toBe(true);
  });
});

describe('a channel whose base URL ends in /api/v3, against the simulator (openai 6.49.0 beside the adapter)', () => {
  let s: RunningSim;
  let target: Target;
  beforeAll(async () => {
    s = await startSim();
    target = {
      channel: 'sim-chat-a',
      adapter: 'openai-chat',
      baseUrl: `${s.url}/sim-chat-a/api/v3`,
      apiKey: simChannelKey('sim-chat-a'),
      model: 'chatmodel-1',
      softTimeoutMs: 5_000,
    };
  });
  afterAll(() => s.close());

  it('reaches {base}/chat/completions and {base}/models from both', async () => {
    await s.control('/__sim/requests', { method: 'DELETE' });
    const signal = AbortSignal.timeout(5_000);
    const done = await openAiChat.complete(target, { messages: [{ role: 'user', content: 'hi' }] }, signal);
    expect(done.choices[0]?.message.content).toEqual(expect.any(String));
    const chunks = [];
    for await (const c of await openAiChat.stream(target, { messages: [{ role: 'user', content: 'hi' }] }, signal))
      chunks.push(c);
    expect(chunks.length).toBeGreaterThan(1);
    await probeOpenAiModels(target, signal);

    const client = new OpenAI({ apiKey: target.apiKey, baseURL: target.baseUrl, maxRetries: 0 });
    const viaClient = await client.chat.completions.create({
      model: 'chatmodel-1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(viaClient.choices[0]?.message.content).toEqual(expect.any(String));
    const listed = await client.models.list();
    expect(listed.data.map((m) => m.id)).toEqual(['chatmodel-1']);

    const paths = s.sim.requests('sim-chat-a').map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(paths).toEqual([
      'POST /api/v3/chat/completions 200',
      'POST /api/v3/chat/completions 200',
      'GET /api/v3/models 200',
      'POST /api/v3/chat/completions 200',
      'GET /api/v3/models 200',
    ]);
  });
});
