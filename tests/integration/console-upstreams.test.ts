import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamUpsertSchema, type UpstreamUpsert } from '@/contracts/upstreams';
import { startSim, type RunningSim } from '@/sim/testing';
import { upstreamAttempts, upstreams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { runUpstreamTest } from '@/server/upstreams/admin/upstream-test';
import { retireConsoleUpstream, upsertConsoleUpstream } from '@/server/upstreams/admin/console-upstreams';
import { flushAttempts } from '@/server/upstreams/engine';
import { listUpstreamsForOperator } from '@/server/upstreams/admin/views';
import { loadCandidates, invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
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

const chatChannel = (over: Partial<Record<keyof UpstreamUpsert, unknown>> = {}): UpstreamUpsert =>
  upstreamUpsertSchema.parse({
    name: 'console-chat',
    provider: 'acme',
    adapter: 'openai-chat',
    base_url: `${sim.url}/sim-chat-lite`,
    api_key: 'sim-key-sim-chat-lite',
    soft_timeout_ms: 30_000,
    models: [
      {
        family: 'console-family',
        model: 'chatmodel-lite',
        media: ['chat'],
        cost_usd: 0.001,
        capabilities: { streaming: true },
      },
    ],
    ...over,
  });

describe('console channels', () => {
  it('adds a channel that the list shows with its details and routing can use', async () => {
    expect(await upsertConsoleUpstream(t.db, testSecret, chatChannel())).toEqual({ created: true });
    const view = (await listUpstreamsForOperator(t.db)).find((u) => u.name === 'console-chat');
    expect(view).toMatchObject({
      source: 'console',
      editable: true,
      base_url: `${sim.url}/sim-chat-lite`,
      soft_timeout_ms: 30_000,
      state: 'active',
      simulated: false,
    });
    expect(view?.models[0]).toMatchObject({ family: 'console-family', model: 'chatmodel-lite', cost_usd: 0.001 });
    expect(JSON.stringify(view)).not.toContain('sim-key');
    invalidateCandidates(t.db);
    expect((await loadCandidates(t.db)).map((c) => c.name)).toContain('console-chat');
  });

  it('tests a channel with a one-token completion and records nothing', async () => {
    await flushAttempts();
    const before = await t.db.select().from(upstreamAttempts);
    const res = await runUpstreamTest(t.db, testSecret, { name: 'console-chat' });
    expect(res).toMatchObject({ ok: true, error_class: null, model: 'chatmodel-lite' });
    expect(res.latency_ms).toBeGreaterThanOrEqual(0);
    expect(res.sample).toMatch(/^reply /);
    const calls = (await sim.control('/__sim/requests?channel=sim-chat-lite').then((r) => r.json())) as {
      path: string;
    }[];
    expect(calls.some((r) => r.path.startsWith('/v1/chat/completions'))).toBe(true);
    await flushAttempts();
    expect(await t.db.select().from(upstreamAttempts)).toHaveLength(before.length);
  });

  it('tests image and video channels with their smallest calls', async () => {
    const image = await runUpstreamTest(t.db, testSecret, { name: 'sim-image-c' });
    expect(image).toMatchObject({ ok: true, family: 'imagegen-2' });
    expect(image.sample).toMatch(/^1024×1024 png/);
    const video = await runUpstreamTest(t.db, testSecret, { name: 'sim-video-b', model: 'vm-20-fast-alt' });
    expect(video).toMatchObject({ ok: true, model: 'vm-20-fast-alt' });
    expect(video.sample).toMatch(/^task list answered/);
  });

  it('keeps the stored key when an edit leaves it out, and classifies a wrong key and a dead address', async () => {
    await upsertConsoleUpstream(t.db, testSecret, chatChannel({ api_key: undefined, soft_timeout_ms: 20_000 }));
    expect(await runUpstreamTest(t.db, testSecret, { name: 'console-chat' })).toMatchObject({ ok: true });

    await upsertConsoleUpstream(t.db, testSecret, chatChannel({ api_key: 'sim-key-wrong' }));
    const wrong = await runUpstreamTest(t.db, testSecret, { name: 'console-chat' });
    expect(wrong).toMatchObject({ ok: false, error_class: 'invalid_key', sample: null });
    expect(wrong.message).not.toContain('wrong');
    // A test changes nothing about routing: the channel is not removed.
    const [row] = await t.db.select().from(upstreams).where(eq(upstreams.name, 'console-chat'));
    expect(row?.removedReason).toBeNull();

    await upsertConsoleUpstream(
      t.db,
      testSecret,
      chatChannel({ base_url: 'http://127.0.0.1:9/v1', api_key: undefined }),
    );
    expect(await runUpstreamTest(t.db, testSecret, { name: 'console-chat' })).toMatchObject({
      ok: false,
      error_class: 'network',
    });
  });

  it('refuses to change a simulator channel, a new channel without a key, and clashing names', async () => {
    await expect(upsertConsoleUpstream(t.db, testSecret, chatChannel({ name: 'sim-chat-a' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      upsertConsoleUpstream(t.db, testSecret, chatChannel({ name: 'console-new', api_key: undefined })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: ['api_key'] }],
    });
    await expect(upsertConsoleUpstream(t.db, testSecret, chatChannel({ name: 'chatmodel-1' }))).rejects.toMatchObject({
      issues: [{ path: ['name'] }],
    });
    const clash = chatChannel({
      name: 'console-other',
      models: [{ family: 'sim-chat-a', model: 'x', media: ['chat'] }],
    });
    await expect(upsertConsoleUpstream(t.db, testSecret, clash)).rejects.toBeInstanceOf(AppError);
    await expect(retireConsoleUpstream(t.db, 'sim-chat-a')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('validates media, capabilities and addresses by field', () => {
    const issues = (body: Record<string, unknown>) =>
      upstreamUpsertSchema.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    const base = { name: 'ok-name', provider: 'p', adapter: 'openai-images', base_url: 'https://x.test', api_key: 'k' };
    expect(
      issues({ ...base, base_url: 'ftp://x.test', models: [{ family: 'f', model: 'm', media: ['image'] }] }),
    ).toEqual(['base_url']);
    expect(issues({ ...base, models: [{ family: 'f', model: 'm', media: ['video'] }] })).toEqual(['models.0.media.0']);
    expect(
      issues({ ...base, models: [{ family: 'f', model: 'm', media: ['image'], capabilities: { tools: true } }] }),
    ).toEqual(['models.0.capabilities.tools']);
    expect(issues({ ...base, models: [{ family: 'auto', model: 'm', media: ['image'] }] })).toEqual([
      'models.0.family',
    ]);
    expect(
      issues({
        ...base,
        adapter: 'ark-video',
        models: [{ family: 't', model: 'm', media: ['video'], capabilities: { duration: { min: 9, max: 4 } } }],
      }),
    ).toEqual(['models.0.capabilities.duration']);
    expect(issues({ ...base, models: [] })).toEqual(['models']);
  });

  it('keeps console channels through a sync from the file, and retires them on request', async () => {
    await upsertConsoleUpstream(
      t.db,
      testSecret,
      chatChannel({ base_url: `${sim.url}/sim-chat-lite`, api_key: 'sim-key-sim-chat-lite' }),
    );
    // A restart with a file that knows only one channel, one of them named like the console channel.
    const [image] = simulatorUpstreams(sim.url).filter((u) => u.name === 'sim-image-a');
    if (!image) throw new Error('the simulator has no sim-image-a');
    await syncUpstreams(t.db, testSecret, [image, { ...image, name: 'console-chat' }], 'file');
    const list = await listUpstreamsForOperator(t.db);
    expect(list.find((u) => u.name === 'console-chat')).toMatchObject({
      source: 'console',
      adapter: 'openai-chat',
      state: 'active',
    });
    expect(list.find((u) => u.name === 'sim-chat-a')?.state).toBe('retired');
    expect(await runUpstreamTest(t.db, testSecret, { name: 'console-chat' })).toMatchObject({ ok: true });

    await retireConsoleUpstream(t.db, 'console-chat');
    expect((await listUpstreamsForOperator(t.db)).find((u) => u.name === 'console-chat')?.state).toBe('retired');
    invalidateCandidates(t.db);
    expect((await loadCandidates(t.db)).map((c) => c.name)).not.toContain('console-chat');
    // Taken again from the console, the name comes back with its stored key.
    expect(await upsertConsoleUpstream(t.db, testSecret, chatChannel({ api_key: undefined }))).toEqual({
      created: false,
    });
    expect((await listUpstreamsForOperator(t.db)).find((u) => u.name === 'console-chat')?.state).toBe('active');
  });
});
