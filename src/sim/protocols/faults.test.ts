import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveFault } from './faults';
import type { SimRequestRecord } from '@/sim/server';
import { startSim, type RunningSim } from '@/sim/testing';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ timeoutCapMs: 2_000 });
});
afterAll(async () => {
  await s.close();
});
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
});

const TASKS = '/api/v3/contents/generations/tasks';

interface OpenAiErr {
  error: { message: string; type: string; param: string | null; code: string | null };
}
interface ArkErr {
  error: { code: string; message: string; type: string };
}

async function arm(body: Record<string, unknown>): Promise<Response> {
  return s.control('/__sim/faults', { json: body });
}

const image = (channel = 'sim-image-a', extra: Record<string, unknown> = {}): Promise<Response> =>
  s.call(channel, '/v1/images/generations', {
    json: { model: 'imagegen-1', prompt: 'fault test', size: '1024x1024', ...extra },
  });
const chat = (extra: Record<string, unknown> = {}): Promise<Response> =>
  s.call('sim-chat-a', '/v1/chat/completions', {
    json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'hello' }], ...extra },
  });
const video = (): Promise<Response> =>
  s.call('sim-video-a', TASKS, {
    json: { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'fault test' }] },
  });

describe('fault injection', () => {
  it('rate_limit: 429 in OpenAI and Ark shapes with Retry-After', async () => {
    await arm({ channel: 'sim-image-a', fault: 'rate_limit', retry_after_s: 7 });
    const res = await image();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(((await res.json()) as OpenAiErr).error).toMatchObject({ code: 'rate_limit_exceeded', type: 'requests' });

    await arm({ channel: 'sim-video-a', fault: 'rate_limit' });
    const v = await video();
    expect(v.status).toBe(429);
    expect(v.headers.get('retry-after')).toBe('1');
    expect(((await v.json()) as ArkErr).error).toMatchObject({ code: 'RateLimitExceeded', type: 'TooManyRequests' });
  });

  it('server_error: 500 by default, 503 when asked', async () => {
    await arm({ channel: 'sim-chat-a', fault: 'server_error' });
    const res = await chat();
    expect(res.status).toBe(500);
    // OpenAI's own 500 body.
    expect(await res.json()).toEqual({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
    await arm({ channel: 'sim-chat-a', fault: 'server_error', status: 503 });
    expect((await chat()).status).toBe(503);
    await arm({ channel: 'sim-video-a', fault: 'server_error' });
    const v = await video();
    expect(v.status).toBe(500);
    expect(((await v.json()) as ArkErr).error.code).toBe('InternalServiceError');
  });

  it('invalid_key: 401 invalid_api_key / AuthenticationError', async () => {
    await arm({ channel: 'sim-image-b', fault: 'invalid_key' });
    const res = await image('sim-image-b');
    expect(res.status).toBe(401);
    expect(((await res.json()) as OpenAiErr).error.code).toBe('invalid_api_key');
    await arm({ channel: 'sim-video-a', fault: 'invalid_key' });
    const v = await video();
    expect(v.status).toBe(401);
    expect(((await v.json()) as ArkErr).error.code).toBe('AuthenticationError');
  });

  it('unpaid: 429 insufficient_quota / 403 AccountOverdueError', async () => {
    await arm({ channel: 'sim-chat-a', fault: 'unpaid' });
    const res = await chat();
    expect(res.status).toBe(429);
    expect(((await res.json()) as OpenAiErr).error).toMatchObject({
      code: 'insufficient_quota',
      type: 'insufficient_quota',
    });
    await arm({ channel: 'sim-video-a', fault: 'unpaid' });
    const v = await video();
    expect(v.status).toBe(403);
    expect(((await v.json()) as ArkErr).error).toMatchObject({ code: 'AccountOverdueError', type: 'Forbidden' });
  });

  it('bad_output: opaque image for transparency, truncated PNG otherwise', async () => {
    await arm({ channel: 'sim-image-a', fault: 'bad_output', times: 2 });
    const t = await image('sim-image-a', { background: 'transparent' });
    expect(t.status).toBe(200);
    const opaque = Buffer.from(
      ((await t.json()) as { data: { b64_json: string }[] }).data[0]?.b64_json ?? '',
      'base64',
    );
    const meta = await sharp(opaque).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(false);

    const p = await image('sim-image-a');
    expect(p.status).toBe(200);
    const truncated = Buffer.from(
      ((await p.json()) as { data: { b64_json: string }[] }).data[0]?.b64_json ?? '',
      'base64',
    );
    expect(truncated.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(sharp(truncated).raw().toBuffer()).rejects.toThrow();

    // times: 2 is used up, so the next request is healthy.
    const ok = await image('sim-image-a', { background: 'transparent' });
    const good = Buffer.from(((await ok.json()) as { data: { b64_json: string }[] }).data[0]?.b64_json ?? '', 'base64');
    expect((await sharp(good).metadata()).hasAlpha).toBe(true);
  });

  it('bad_output: malformed JSON from chat when JSON was asked', async () => {
    await arm({ channel: 'sim-chat-a', fault: 'bad_output', times: 1 });
    const res = await chat({
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'Reply in JSON with title and body.' }],
    });
    expect(res.status).toBe(200);
    const content =
      ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '';
    expect(() => JSON.parse(content) as unknown).toThrow();
  });

  it('missing_fields: JSON replies lose half their keys, text replies are untouched; chat channels only', async () => {
    await arm({ channel: 'sim-chat-a', fault: 'missing_fields', times: 2 });
    const res = await chat({
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'Answer in JSON: what is HTTP?' }],
    });
    const content =
      ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '';
    // {answer, topic, language} keeps its first and third keys.
    expect(Object.keys(JSON.parse(content) as object)).toEqual(['answer', 'language']);
    const text = await chat({ messages: [{ role: 'user', content: 'Say something about tea.' }] });
    const prose =
      ((await text.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '';
    expect(prose).toMatch(/tea/);
    expect(s.sim.faults()).toEqual([]);

    expect((await arm({ channel: 'sim-image-a', fault: 'missing_fields' })).status).toBe(400);
    expect((await arm({ channel: 'sim-chat-a', fault: 'missing_fields', on: 'all' })).status).toBe(400);
    const star = await arm({ channel: '*', fault: 'missing_fields' });
    const armed = ((await star.json()) as { faults: ActiveFault[] }).faults;
    expect(armed.map((f) => f.channel)).toEqual(['sim-chat-a', 'sim-chat-b', 'sim-chat-lite', 'sim-chat-reason']);
  });

  it('bad_output: video task succeeds with a URL that is not an MP4; task_failed fails the task', async () => {
    await arm({ channel: 'sim-video-a', fault: 'bad_output', times: 1 });
    const { id } = (await (await video()).json()) as { id: string };
    const task = (await (await s.call('sim-video-a', `${TASKS}/${id}`)).json()) as {
      status: string;
      content: { video_url: string };
    };
    expect(task.status).toBe('succeeded');
    const body = Buffer.from(await (await fetch(task.content.video_url)).arrayBuffer());
    expect(body.subarray(4, 8).toString('latin1')).not.toBe('ftyp');

    await arm({ channel: 'sim-video-a', fault: 'task_failed', times: 1 });
    const failed = (await (await video()).json()) as { id: string };
    const ft = (await (await s.call('sim-video-a', `${TASKS}/${failed.id}`)).json()) as {
      status: string;
      error: { code: string } | null;
      content?: unknown;
    };
    expect(ft.status).toBe('failed');
    expect(ft.error?.code).toBe('InternalServiceError');
    expect(ft.content).toBeUndefined();

    const notVideo = await arm({ channel: 'sim-chat-a', fault: 'task_failed' });
    expect(notVideo.status).toBe(400);
  });

  it('times counts down and clears itself; GET lists what is left', async () => {
    await arm({ channel: 'sim-chat-a', fault: 'server_error', times: 3 });
    expect((await chat()).status).toBe(500);
    const listed = (await (await s.control('/__sim/faults')).json()) as ActiveFault[];
    expect(listed).toEqual([
      expect.objectContaining({ channel: 'sim-chat-a', fault: 'server_error', remaining: 2, hits: 1 }),
    ]);
    expect((await chat()).status).toBe(500);
    expect((await chat()).status).toBe(500);
    expect((await chat()).status).toBe(200);
    expect(await (await s.control('/__sim/faults')).json()).toEqual([]);
  });

  it("faults skip polls unless on: 'all', and '*' arms every channel", async () => {
    await arm({ channel: 'sim-video-a', fault: 'server_error' });
    expect((await s.call('sim-video-a', TASKS)).status).toBe(200);
    await arm({ channel: 'sim-video-a', fault: 'server_error', on: 'all' });
    expect((await s.call('sim-video-a', TASKS)).status).toBe(500);

    const res = await arm({ channel: '*', fault: 'rate_limit', times: 1 });
    const armed = ((await res.json()) as { faults: ActiveFault[] }).faults;
    expect(armed.map((f) => f.channel)).toContain('sim-image-c');
    expect(armed).toHaveLength(9);
    expect((await chat()).status).toBe(429);
    expect((await chat()).status).toBe(200);
    expect((await image('sim-image-b')).status).toBe(429);

    const cleared = (await (await s.control('/__sim/faults?channel=sim-image-c', { method: 'DELETE' })).json()) as {
      cleared: number;
    };
    expect(cleared.cleared).toBe(1);
    const left = (await (await s.control('/__sim/faults')).json()) as ActiveFault[];
    expect(left.map((f) => f.channel)).not.toContain('sim-image-c');
  });

  it('timeout: holds the request until the client aborts, then records 499', async () => {
    await s.control('/__sim/requests', { method: 'DELETE' });
    await arm({ channel: 'sim-chat-b', fault: 'timeout', times: 1 });
    const controller = new AbortController();
    const started = Date.now();
    const pending = s.call('sim-chat-b', '/v1/chat/completions', {
      json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'hi' }] },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 400);
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);

    let entry: SimRequestRecord | undefined;
    for (let i = 0; i < 40 && entry?.status !== 499; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      entry = ((await (await s.control('/__sim/requests?channel=sim-chat-b')).json()) as SimRequestRecord[])[0];
    }
    expect(entry).toMatchObject({ channel: 'sim-chat-b', status: 499, fault: 'timeout', model: 'chatmodel-1' });
    // The one-shot timeout is used up.
    const ok = await s.call('sim-chat-b', '/v1/chat/completions', {
      json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(ok.status).toBe(200);
  });

  it('timeout: drops the connection at the cap without answering', async () => {
    await arm({ channel: 'sim-image-c', fault: 'timeout' });
    const started = Date.now();
    await expect(
      s.call('sim-image-c', '/v1/images/generations', { json: { model: 'imagegen-2', prompt: 'x' } }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('rejects bad control input with 400 {error}', async () => {
    for (const body of [
      { channel: 'sim-nope', fault: 'timeout' },
      { channel: 'sim-chat-a', fault: 'explode' },
      { channel: 'sim-chat-a', fault: 'timeout', times: 0 },
      { fault: 'timeout' },
    ]) {
      const res = await arm(body);
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    }
    const junk = await s.control('/__sim/faults', { method: 'POST', body: 'not json' });
    expect(junk.status).toBe(400);
  });
});
