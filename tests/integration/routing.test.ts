import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/testing';
import { upstreamAttempts, upstreams } from '../../src/server/db/schema';
import { AppError } from '../../src/server/domain/errors';
import { cancelVideoTask, createVideoTask, getVideoTask } from '../../src/server/upstreams/adapters/ark-video';
import { download } from '../../src/server/upstreams/adapters/http';
import { chatComplete, chatStream } from '../../src/server/upstreams/adapters/openai-chat';
import { generateImage } from '../../src/server/upstreams/adapters/openai-images';
import { flushAttempts, INVALID_INPUT_MESSAGE, InputRejected, RoutingExhausted, routeCall, type RouteOptions } from '../../src/server/upstreams/engine';
import { probeRemovedUpstreams } from '../../src/server/upstreams/maintenance';
import { listUpstreamsForOperator } from '../../src/server/upstreams/operator';
import { bindTenant, invalidateCandidates, loadCandidates, simulatorUpstreams, syncUpstreams, updateUpstream } from '../../src/server/upstreams/registry';
import type { RouteRequest } from '../../src/server/upstreams/select';
import { recomputeScores } from '../../src/server/upstreams/stats';
import { UpstreamError, type Target, type UpstreamModel } from '../../src/server/upstreams/types';
import { verifyImage } from '../../src/server/upstreams/verify';
import { OPERATOR } from '../../src/server/domain/auth/identity';
import { createTenant } from '../../src/server/domain/tenants/tenants';
import { tenantBinding } from '../../src/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/faults', { method: 'DELETE' });
  // Every channel back to its configured state between tests.
  // eslint-disable-next-line drizzle/enforce-update-with-where
  await t.db.update(upstreams).set({ removedReason: null, removedAt: null, enabled: true, softTimeoutMs: 60_000 });
  invalidateCandidates(t.db);
});

const fast: RouteOptions = { retryDelayMs: () => 5, random: () => 0 };

async function fault(channel: string, kind: string, times?: number, on?: 'all' | 'generate') {
  const res = await sim.control('/__sim/faults', { json: { channel, fault: kind, ...(times ? { times } : {}), ...(on ? { on } : {}) } });
  expect(res.status).toBe(200);
}

/** An image call as the job worker makes it: generate, then verify before accepting. */
function imageCall(opts: { transparent?: boolean; prompt?: string; references?: Buffer[] } = {}) {
  return async (target: Target, _model: UpstreamModel, signal: AbortSignal) => {
    const out = await generateImage(
      target,
      {
        prompt: opts.prompt ?? '一只橘猫 on a desk',
        width: 768,
        height: 1024,
        outputFormat: 'png',
        background: opts.transparent ? 'transparent' : undefined,
        referenceImages: (opts.references ?? []).map((data, i) => ({ data, mime: 'image/jpeg', filename: `ref-${i}.jpg` })),
      },
      signal,
    );
    return verifyImage(out.data, { format: 'png', transparent: opts.transparent });
  };
}

const image = (needs: RouteRequest['needs'] = {}, model?: string): RouteRequest => ({ media: 'image', model, needs });

async function attemptsOf(ref: string) {
  await flushAttempts();
  const rows = await t.db
    .select({ channel: upstreams.name, ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass, tryNo: upstreamAttempts.tryNo, pos: upstreamAttempts.chainPos })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.ref, ref))
    .orderBy(upstreamAttempts.id);
  return rows;
}

describe('routing through the simulator', () => {
  it('generates a real image and records the attempt', async () => {
    const before = Date.now();
    const tenantId = '0d6f1a52-5a43-4f0e-9c3b-7f4f8a1e2b3c';
    const routed = await routeCall(t.db, testSecret, image(), imageCall(), { ...fast, ref: 'r-basic', tenantId });
    expect(routed.result).toMatchObject({ format: 'png', width: 768, height: 1024 });
    expect(await attemptsOf('r-basic')).toEqual([{ channel: routed.channel, ok: true, cls: null, tryNo: 1, pos: 1 }]);
    // Every column of the batched write: who, what, when and how long.
    const [row] = await t.db.select().from(upstreamAttempts).where(eq(upstreamAttempts.ref, 'r-basic'));
    expect(row).toMatchObject({ upstreamId: routed.upstreamId, family: routed.family, tenantId });
    expect(row?.startedAt).toBeInstanceOf(Date);
    expect(row?.startedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.startedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    expect(row?.durationMs).toBeLessThanOrEqual(Date.now() - before);
  });

  it('retries a transient error on the same upstream at most twice', async () => {
    await fault('sim-image-b', 'rate_limit', 2);
    const routed = await routeCall(t.db, testSecret, image({}, 'sim-image-b'), imageCall(), { ...fast, ref: 'r-retry' });
    expect(routed.channel).toBe('sim-image-b');
    expect((await attemptsOf('r-retry')).map((a) => [a.channel, a.ok, a.cls, a.tryNo])).toEqual([
      ['sim-image-b', false, 'rate_limit', 1],
      ['sim-image-b', false, 'rate_limit', 2],
      ['sim-image-b', true, null, 3],
    ]);
  });

  it('calls no upstream before its gate passes, and ends with the gate’s own error when it fails', async () => {
    const calls: number[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const call = () => {
      calls.push(Date.now());
      return Promise.resolve('answered');
    };
    const routed = routeCall(t.db, testSecret, image(), call, { ...fast, ref: 'r-gate', gate });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    open();
    expect((await routed).result).toBe('answered');
    expect(calls).toHaveLength(1);

    const refused = new AppError('PAYMENT_REQUIRED', 'Not enough credits');
    const err = await routeCall(t.db, testSecret, image(), call, { ...fast, ref: 'r-gate-refused', gate: Promise.reject(refused) }).catch((e: unknown) => e);
    expect(err).toBe(refused);
    expect(calls).toHaveLength(1);
    expect(await attemptsOf('r-gate-refused')).toEqual([]);
  });

  it('fails a locked channel after its retries, with no fallback and no provider name', async () => {
    await fault('sim-image-b', 'rate_limit', 3);
    const err = await routeCall(t.db, testSecret, image({}, 'sim-image-b'), imageCall(), { ...fast, ref: 'r-locked' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect((err as Error).message).not.toMatch(/sim-|simulator/);
    expect((await attemptsOf('r-locked')).map((a) => a.channel)).toEqual(['sim-image-b', 'sim-image-b', 'sim-image-b']);
  });

  it('does not retry a server error but falls back inside the family, with a note while the backup runs', async () => {
    await fault('sim-image-a', 'server_error');
    const notes: [number, number][] = [];
    const routed = await routeCall(t.db, testSecret, image({}, 'imagegen-1'), imageCall(), {
      ...fast,
      ref: 'r-fallback',
      onFallback: (n, m) => void notes.push([n, m]),
    });
    expect(routed.channel).toBe('sim-image-b');
    expect(routed.family).toBe('imagegen-1');
    expect(notes).toEqual([[1, 1]]);
    expect((await attemptsOf('r-fallback')).map((a) => [a.channel, a.ok, a.cls, a.pos])).toEqual([
      ['sim-image-a', false, 'server_error', 1],
      ['sim-image-b', true, null, 2],
    ]);
  });

  it('keeps the family of the first choice when routing automatically', async () => {
    await fault('sim-image-a', 'server_error');
    await fault('sim-image-b', 'server_error');
    // random 0 picks sim-image-a first: its family is imagegen-1, so sim-image-c (imagegen-2) is never tried.
    const err = await routeCall(t.db, testSecret, image(), imageCall(), { ...fast, ref: 'r-family' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect(new Set((await attemptsOf('r-family')).map((a) => a.channel))).toEqual(new Set(['sim-image-a', 'sim-image-b']));
  });

  it('treats a time-out as transient and then falls back', async () => {
    await t.db.update(upstreams).set({ softTimeoutMs: 300 }).where(eq(upstreams.name, 'sim-image-a'));
    invalidateCandidates(t.db);
    await fault('sim-image-a', 'timeout');
    const routed = await routeCall(t.db, testSecret, image({}, 'imagegen-1'), imageCall(), { ...fast, ref: 'r-timeout' });
    expect(routed.channel).toBe('sim-image-b');
    expect((await attemptsOf('r-timeout')).map((a) => [a.channel, a.cls, a.tryNo])).toEqual([
      ['sim-image-a', 'timeout', 1],
      ['sim-image-a', 'timeout', 2],
      ['sim-image-a', 'timeout', 3],
      ['sim-image-b', null, 1],
    ]);
  });

  it.each(['invalid_key', 'unpaid'])('removes an upstream on %s and a probe restores it once it answers again', async (kind) => {
    // A bad key is refused on every call; an unpaid account only on billable ones.
    await fault('sim-image-a', kind, undefined, kind === 'invalid_key' ? 'all' : 'generate');
    const routed = await routeCall(t.db, testSecret, image({}, 'imagegen-1'), imageCall(), { ...fast, ref: `r-${kind}` });
    expect(routed.channel).toBe('sim-image-b');
    const [row] = await t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-image-a'));
    expect(row?.removedReason).toBe(kind);
    expect((await loadCandidates(t.db)).find((c) => c.name === 'sim-image-a')?.removed).toBe(true);
    expect((await listUpstreamsForOperator(t.db)).find((u) => u.name === 'sim-image-a')).toMatchObject({ state: 'removed', removed_reason: kind });

    // Still failing: the probe leaves it out.
    expect(await probeRemovedUpstreams(t.db, testSecret, { force: true })).toEqual([]);
    // Backed off: not due again right away.
    await sim.control('/__sim/faults', { method: 'DELETE' });
    expect(await probeRemovedUpstreams(t.db, testSecret, { intervalMs: 60_000 })).toEqual([]);
    expect(await probeRemovedUpstreams(t.db, testSecret, { intervalMs: 1 })).toEqual(['sim-image-a']);
    const [back] = await t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-image-a'));
    expect(back?.removedReason).toBeNull();
  });

  it('counts an opaque answer to a transparent request as a failure and never downgrades', async () => {
    await fault('sim-image-a', 'bad_output', 1);
    const err = await routeCall(t.db, testSecret, image({ transparentBackground: true }), imageCall({ transparent: true }), {
      ...fast,
      ref: 'r-bad',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect((await attemptsOf('r-bad')).map((a) => [a.channel, a.cls])).toEqual([['sim-image-a', 'bad_output']]);

    const ok = await routeCall(t.db, testSecret, image({ transparentBackground: true }), imageCall({ transparent: true }), fast);
    expect(ok.channel).toBe('sim-image-a');
    expect(ok.result.transparent).toBe(true);
  });

  it('refuses a capability no upstream has with a 400 before any call', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const err = await routeCall(t.db, testSecret, image({ mask: true }), imageCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toMatch(/No upstream currently available for mask repaint/);
    const transparentC = await routeCall(t.db, testSecret, image({ transparentBackground: true }, 'imagegen-2'), imageCall()).catch((e: unknown) => e);
    expect((transparentC as AppError).status).toBe(400);
    const log = (await (await sim.control('/__sim/requests')).json()) as unknown[];
    expect(log).toHaveLength(0);
  });

  it('stops at an answer that the input is invalid: one attempt, a 400 saying what to fix, no health penalty', async () => {
    const raw = Buffer.alloc(160 * 120 * 3).map((_, i) => (i * 2654435761) >>> 24);
    const jpeg = await sharp(raw, { raw: { width: 160, height: 120, channels: 3 } }).jpeg().toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    await recomputeScores(t.db);
    const before = (await listUpstreamsForOperator(t.db)).find((u) => u.name === 'sim-image-a');

    // Family imagegen-1 has two channels; random 0 picks sim-image-a first.
    const err = await routeCall(t.db, testSecret, image({ referenceImages: 1 }, 'imagegen-1'), imageCall({ references: [cut] }), {
      ...fast,
      ref: 'r-invalid-input',
      onFallback: () => {
        throw new Error('no fallback expected');
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputRejected);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe(INVALID_INPUT_MESSAGE);
    expect((err as AppError).message).not.toMatch(/sim-|simulator|openai/i);
    expect((await attemptsOf('r-invalid-input')).map((a) => [a.channel, a.ok, a.cls, a.tryNo, a.pos])).toEqual([['sim-image-a', false, 'invalid_input', 1, 1]]);

    await recomputeScores(t.db);
    const after = (await listUpstreamsForOperator(t.db)).find((u) => u.name === 'sim-image-a');
    expect(after?.recent_failures).toBe(before?.recent_failures);
    expect(after?.score).toBe(before?.score);

    // The same image whole goes through.
    const ok = await routeCall(t.db, testSecret, image({ referenceImages: 1 }, 'imagegen-1'), imageCall({ references: [jpeg] }), fast);
    expect(ok.result.format).toBe('png');
  });

  it('answers 400 naming the capability when the operator disabled every channel that has it, and 503 only when nothing is enabled', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const imageChannels = (await loadCandidates(t.db)).filter((c) => c.models.some((m) => m.media.includes('image')));
    const transparentCapable = imageChannels.filter((c) => c.models.some((m) => m.capabilities.transparent_background));
    expect(transparentCapable.length).toBeGreaterThan(0);
    for (const c of transparentCapable) await updateUpstream(t.db, { name: c.name, enabled: false });

    const transparent = await routeCall(t.db, testSecret, image({ transparentBackground: true }), imageCall({ transparent: true })).catch((e: unknown) => e);
    expect(transparent).toBeInstanceOf(AppError);
    expect((transparent as AppError).status).toBe(400);
    expect((transparent as AppError).message).toMatch(/^No upstream currently available for transparent background\. Retrying will not help/);
    // A plain image still goes to what is left.
    expect((await routeCall(t.db, testSecret, image(), imageCall(), fast)).channel).not.toBe(transparentCapable[0]?.name);

    for (const c of imageChannels) await updateUpstream(t.db, { name: c.name, enabled: false });
    for (const needs of [{}, { transparentBackground: true }]) {
      const none = await routeCall(t.db, testSecret, image(needs), imageCall()).catch((e: unknown) => e);
      expect((none as AppError).status).toBe(503);
      expect((none as AppError).message).toBe('No image upstream is available right now; retry in a few minutes');
    }
    const log = (await (await sim.control('/__sim/requests')).json()) as { path: string }[];
    expect(log.filter((r) => r.path.includes('/v1/images/'))).toHaveLength(1);
  });

  it('moves health scores when faults are injected', async () => {
    await recomputeScores(t.db);
    const before = (await listUpstreamsForOperator(t.db)).find((u) => u.name === 'sim-image-c');
    await fault('sim-image-c', 'server_error', 5);
    for (let i = 0; i < 5; i++) {
      await routeCall(t.db, testSecret, image({}, 'sim-image-c'), imageCall(), fast).catch(() => undefined);
    }
    await recomputeScores(t.db);
    const after = (await listUpstreamsForOperator(t.db)).find((u) => u.name === 'sim-image-c');
    expect(after?.score).toBeLessThan(before?.score ?? 0);
    expect(after?.recent_failures).toBe(5);
    expect(after?.explanation).toMatch(/5 of the last 5 attempts failing/);
    const [cand] = (await loadCandidates(t.db)).filter((c) => c.name === 'sim-image-c');
    const [other] = (await loadCandidates(t.db)).filter((c) => c.name === 'sim-image-b');
    expect(cand?.weight).toBeLessThan(other?.weight ?? 0);
  });

  it('routes a bound tenant inside its binding', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: '绑定 Bound', credits: 0, quota_monthly: 0 });
    await bindTenant(t.db, tenant.id, 'sim-image-c');
    const binding = await tenantBinding(t.db, tenant.id);
    for (let i = 0; i < 5; i++) {
      const routed = await routeCall(t.db, testSecret, { media: 'image', binding, needs: {} }, imageCall(), { random: Math.random });
      expect(routed.channel).toBe('sim-image-c');
    }
    await expect(bindTenant(t.db, tenant.id, 'no-such-model')).rejects.toThrow(/neither a model family nor a channel/);
    expect(await bindTenant(t.db, tenant.id, null)).toEqual({ bound_model: null });
  });

  it('routes chat, streaming chat and vision through the chat channels', async () => {
    const routed = await routeCall(
      t.db,
      testSecret,
      { media: 'chat', needs: {} },
      (target, _m, signal) => chatComplete(target, { messages: [{ role: 'user', content: '你好' }] }, signal),
      fast,
    );
    expect(routed.result.choices[0]?.message.content).toEqual(expect.any(String));
    expect(routed.result.model).toBe('chatmodel-1');

    const streamed = await routeCall(
      t.db,
      testSecret,
      { media: 'chat', needs: {} },
      async (target, _m, signal) => {
        const chunks: string[] = [];
        for await (const chunk of await chatStream(target, { messages: [{ role: 'user', content: 'write one line' }] }, signal)) {
          const delta = (chunk.choices?.[0] as { delta?: { content?: string } } | undefined)?.delta?.content;
          if (delta) chunks.push(delta);
        }
        return chunks;
      },
      fast,
    );
    expect(streamed.result.length).toBeGreaterThan(1);

    await fault('sim-chat-a', 'server_error', 1);
    const fellBack = await routeCall(
      t.db,
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
                  { type: 'image_url', image_url: { url: `${sim.url}/__sim/files/none.png` } },
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

  it('routes a video task inside its tier, with the tier duration checked first', async () => {
    const tier = 'videomodel-2-0-pro-260801';
    const tooLong = await routeCall(t.db, testSecret, { media: 'video', model: tier, needs: { duration: 20 } }, () => Promise.resolve('x')).catch((e: unknown) => e);
    expect((tooLong as AppError).status).toBe(400);

    await fault('sim-video-a', 'server_error');
    const routed = await routeCall(
      t.db,
      testSecret,
      { media: 'video', model: tier, needs: { duration: 5, resolution: '480p' } },
      async (target, _m, signal) => ({ id: await createVideoTask(target, { prompt: '海边日落 sunset', duration: 5, ratio: '16:9', resolution: '480p' }, signal), target }),
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
    const target = { channel: 'sim-image-a', adapter: 'openai-images' as const, baseUrl: `${sim.url}/sim-image-a`, apiKey: 'wrong', model: 'imagegen-1', softTimeoutMs: 5000 };
    const err = await generateImage(target, { prompt: 'x', width: 512, height: 512, outputFormat: 'png' }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).errorClass).toBe('invalid_key');
    const unsupported = await generateImage(
      { ...target, apiKey: 'sim-key-sim-image-a', baseUrl: `${sim.url}/sim-image-c`, channel: 'sim-image-c' },
      { prompt: 'x', width: 512, height: 512, outputFormat: 'png' },
      AbortSignal.timeout(5000),
    ).catch((e: unknown) => e);
    expect((unsupported as UpstreamError).errorClass).toBe('invalid_key');
    const down = await generateImage({ ...target, baseUrl: 'http://127.0.0.1:9/x' }, { prompt: 'x', width: 512, height: 512, outputFormat: 'png' }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect((down as UpstreamError).errorClass).toBe('network');
  });
});
