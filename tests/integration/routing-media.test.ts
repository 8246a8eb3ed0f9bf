import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upstreams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { cancelVideoTask, createVideoTask, getVideoTask } from '@/server/upstreams/providers/ark-video/ark-video';
import { download } from '@/server/upstreams/providers/http';
import { chatComplete, chatStream } from '@/server/upstreams/providers/openai-chat/openai-chat';
import { generateImage } from '@/server/upstreams/providers/openai-images/openai-images';
import { routeCall } from '@/server/upstreams/engine';
import { probeRemovedUpstreams } from '@/server/upstreams/maintenance';
import { listUpstreamsForOperator } from '@/server/upstreams/admin/views';
import { bindTenant, loadCandidates, targetOf, tenantBinding } from '@/server/upstreams/registry';
import { recomputeScores } from '@/server/upstreams/stats';
import { UpstreamError } from '@/server/upstreams/types';
import { testSecret } from '../helpers/test-db';
import { fast, image, imageCall, routingSuite } from '../helpers/routing-sim';

/** Routing beyond images' chain (routing.test.ts): health scores, bindings, chat and vision, video tiers, error classes. */
const suite = routingSuite();
const { fault } = suite;

describe('routing state and the other media, through the simulator', () => {
  it('moves health scores when faults are injected', async () => {
    await recomputeScores(suite.t.db);
    const before = (await listUpstreamsForOperator(suite.t.db)).find((u) => u.name === 'sim-image-c');
    // Each call tries twice (a server error is retried once): ten failed attempts.
    await fault('sim-image-c', 'server_error', 10);
    for (let i = 0; i < 5; i++) {
      await routeCall(suite.t.db, testSecret, image({}, 'sim-image-c'), imageCall(), fast).catch(() => undefined);
    }
    await recomputeScores(suite.t.db);
    const after = (await listUpstreamsForOperator(suite.t.db)).find((u) => u.name === 'sim-image-c');
    expect(after?.score).toBeLessThan(before?.score ?? 0);
    expect(after?.recent_failures).toBe(5);
    expect(after?.explanation).toMatch(/5 of the last 5 attempts failing/);
    const [cand] = (await loadCandidates(suite.t.db)).filter((c) => c.name === 'sim-image-c');
    const [other] = (await loadCandidates(suite.t.db)).filter((c) => c.name === 'sim-image-b');
    expect(cand?.weight).toBeLessThan(other?.weight ?? 0);
  });

  it('routes a bound tenant inside its binding', async () => {
    const { tenant } = await createTenant({ db: suite.t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '绑定 Bound',
      credits: 0,
      quota_monthly: 0,
    });
    await bindTenant(suite.t.db, tenant.id, 'sim-image-c');
    const binding = await tenantBinding(suite.t.db, tenant.id);
    for (let i = 0; i < 5; i++) {
      const routed = await routeCall(suite.t.db, testSecret, { media: 'image', binding, needs: {} }, imageCall(), {
        random: Math.random,
      });
      expect(routed.channel).toBe('sim-image-c');
    }
    await expect(bindTenant(suite.t.db, tenant.id, 'no-such-model')).rejects.toThrow(
      /neither a model family nor a channel/,
    );
    expect(await bindTenant(suite.t.db, tenant.id, null)).toEqual({ bound_model: null });
  });

  it('routes chat, streaming chat and vision through the chat channels', async () => {
    const routed = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'chat', needs: {} },
      (target, _m, signal) => chatComplete(target, { messages: [{ role: 'user', content: '你好' }] }, signal),
      fast,
    );
    expect(routed.result.choices[0]?.message.content).toEqual(expect.any(String));
    expect(routed.result.model).toBe('chatmodel-1');

    const streamed = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'chat', needs: {} },
      async (target, _m, signal) => {
        const chunks: string[] = [];
        for await (const chunk of await chatStream(
          target,
          { messages: [{ role: 'user', content: 'write one line' }] },
          signal,
        )) {
          const delta = (chunk.choices?.[0] as { delta?: { content?: string } } | undefined)?.delta?.content;
          if (delta) chunks.push(delta);
        }
        return chunks;
      },
      fast,
    );
    expect(streamed.result.length).toBeGreaterThan(1);

    // A server error is retried once on the same channel: two in a row move the chain on.
    await fault('sim-chat-a', 'server_error', 2);
    const fellBack = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'vision', needs: { vision: true } },
      (target, _m, signal) =>
        chatComplete(
          target,
          {
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: 'Describe this image as JSON' },
                  { type: 'image_url', image_url: { url: `${suite.sim.url}/__sim/files/none.png` } },
                ],
              },
            ],
            response_format: { type: 'json_object' },
          },
          signal,
        ),
      fast,
    );
    expect(fellBack.channel).toBe('sim-chat-b');
    expect(() => JSON.parse(fellBack.result.choices[0]?.message.content ?? '') as unknown).not.toThrow();
  });

  it('restores an unpaid reasoning-model channel with a probe it takes (max_completion_tokens, never max_tokens)', async () => {
    await fault('sim-chat-reason', 'unpaid', 1);
    const ask = (target: Parameters<typeof chatComplete>[0], signal: AbortSignal) =>
      chatComplete(target, { messages: [{ role: 'user', content: '你好' }], max_completion_tokens: 20 }, signal);
    const first = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'chat', model: 'sim-chat-reason', needs: {} },
      (t, _m, s) => ask(t, s),
      fast,
    ).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AppError);
    const [removed] = await suite.t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-chat-reason'));
    expect(removed?.removedReason).toBe('unpaid');
    // The model refuses max_tokens (a 400): a probe that sent it would keep the channel out for good.
    const model = removed?.models[0];
    if (!removed || !model) throw new Error('no channel');
    const old = await chatComplete(
      targetOf(removed, model, testSecret),
      { messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      AbortSignal.timeout(5_000),
    ).catch((e: unknown) => e);
    expect(old).toMatchObject({ errorClass: 'unsupported', code: 'unsupported_parameter' });
    expect(await probeRemovedUpstreams(suite.t.db, testSecret, { force: true })).toContain('sim-chat-reason');
    const [restored] = await suite.t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-chat-reason'));
    expect(restored?.removedReason).toBeNull();
  });

  it('routes a video task inside its tier, with the tier duration checked first', async () => {
    const tier = 'videomodel-2-0-pro-260801';
    const tooLong = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'video', model: tier, needs: { duration: 20 } },
      () => Promise.resolve('x'),
    ).catch((e: unknown) => e);
    expect((tooLong as AppError).status).toBe(400);

    await fault('sim-video-a', 'server_error');
    const routed = await routeCall(
      suite.t.db,
      testSecret,
      { media: 'video', model: tier, needs: { duration: 5, resolution: '480p' } },
      async (target, _m, signal) => ({
        id: await createVideoTask(
          target,
          { prompt: '海边日落 sunset', duration: 5, ratio: '16:9', resolution: '480p' },
          signal,
        ),
        target,
      }),
      fast,
    );
    expect(routed.channel).toBe('sim-video-b');
    expect(routed.model.model).toBe('vm-20-pro-alt');
    let state = await getVideoTask(routed.result.target, routed.result.id, AbortSignal.timeout(5000));
    for (let i = 0; i < 50 && state.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await getVideoTask(routed.result.target, routed.result.id, AbortSignal.timeout(5000));
    }
    expect(state.status).toBe('succeeded');
    const mp4 = await download(state.videoUrl ?? '', AbortSignal.timeout(5000), 10_000_000);
    expect(mp4.data.subarray(4, 8).toString('latin1')).toBe('ftyp');
    await cancelVideoTask(routed.result.target, routed.result.id, AbortSignal.timeout(5000));
  });

  it('classifies upstream errors by type', async () => {
    const target = {
      channel: 'sim-image-a',
      adapter: 'openai-images' as const,
      baseUrl: `${suite.sim.url}/sim-image-a`,
      apiKey: 'wrong',
      model: 'imagegen-1',
      softTimeoutMs: 5000,
    };
    const err = await generateImage(
      target,
      { prompt: 'x', width: 512, height: 512, outputFormat: 'png' },
      AbortSignal.timeout(5000),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).errorClass).toBe('invalid_key');
    const unsupported = await generateImage(
      { ...target, apiKey: 'sim-key-sim-image-a', baseUrl: `${suite.sim.url}/sim-image-c`, channel: 'sim-image-c' },
      { prompt: 'x', width: 512, height: 512, outputFormat: 'png' },
      AbortSignal.timeout(5000),
    ).catch((e: unknown) => e);
    expect((unsupported as UpstreamError).errorClass).toBe('invalid_key');
    const down = await generateImage(
      { ...target, baseUrl: 'http://127.0.0.1:9/x' },
      { prompt: 'x', width: 512, height: 512, outputFormat: 'png' },
      AbortSignal.timeout(5000),
    ).catch((e: unknown) => e);
    expect((down as UpstreamError).errorClass).toBe('network');
  });
});
