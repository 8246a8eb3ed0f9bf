import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveFault } from './faults';
import { readSse, startSim, type RunningSim } from '@/sim/testing';

/** The `content_refused` fault: what OpenAI answers when its safety system refuses a request. */

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
});

const arm = (body: Record<string, unknown>): Promise<Response> =>
  s.control('/__sim/faults', { json: { fault: 'content_refused', ...body } });
const chat = (extra: Record<string, unknown> = {}): Promise<Response> =>
  s.call('sim-chat-a', '/v1/chat/completions', {
    json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'hello' }], ...extra },
  });

describe('content_refused', () => {
  it('image generations and edits answer 400 moderation_blocked', async () => {
    await arm({ channel: 'sim-image-a', times: 2 });
    const gen = await s.call('sim-image-a', '/v1/images/generations', {
      json: { model: 'imagegen-1', prompt: 'something refused', size: '1024x1024' },
    });
    expect(gen.status).toBe(400);
    const body = (await gen.json()) as { error: { message: string } };
    expect(body).toEqual({
      error: {
        message: expect.stringMatching(/^Your request was rejected by the safety system\. .*request ID \S+\.$/),
        type: 'image_generation_user_error',
        param: null,
        code: 'moderation_blocked',
      },
    });

    const form = new FormData();
    form.append('model', 'imagegen-1');
    form.append('prompt', 'something refused');
    const ref = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    form.append('image[]', new Blob([new Uint8Array(ref)], { type: 'image/png' }), 'a.png');
    const ed = await s.call('sim-image-a', '/v1/images/edits', { method: 'POST', body: form });
    expect(ed.status).toBe(400);
    expect(((await ed.json()) as { error: unknown }).error).toMatchObject({
      type: 'image_generation_user_error',
      code: 'moderation_blocked',
    });

    // Used up: the next request is drawn.
    const after = await s.call('sim-image-a', '/v1/images/generations', {
      json: { model: 'imagegen-1', prompt: 'fine', size: '1024x1024' },
    });
    expect(after.status).toBe(200);
  });

  it('a chat completion answers 200 with finish_reason content_filter and no content', async () => {
    await arm({ channel: 'sim-chat-a', times: 1 });
    const res = await chat({ n: 2 });
    expect(res.status).toBe(200);
    const json = (await res.json()) as {
      object: string;
      choices: unknown[];
      usage: { completion_tokens: number; prompt_tokens: number };
    };
    expect(json.object).toBe('chat.completion');
    expect(json.choices).toEqual(
      [0, 1].map((index) => ({
        index,
        message: { role: 'assistant', content: null, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'content_filter',
      })),
    );
    expect(json.usage.completion_tokens).toBe(0);
    expect(json.usage.prompt_tokens).toBeGreaterThan(0);
    expect((await chat()).status).toBe(200);
  });

  it('a streamed completion is one content_filter chunk without content, then [DONE]', async () => {
    await arm({ channel: 'sim-chat-a', times: 2 });
    const events = await readSse(await chat({ stream: true }));
    expect(events).toHaveLength(2);
    const chunk = JSON.parse(events[0] ?? '{}') as { object: string; choices: unknown[] };
    expect(chunk.object).toBe('chat.completion.chunk');
    expect(chunk.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'content_filter' }]);
    expect(events[1]).toBe('[DONE]');

    // With include_usage, the usage chunk (no choices) comes before [DONE], as on any stream.
    const withUsage = await readSse(await chat({ stream: true, stream_options: { include_usage: true } }));
    expect(withUsage).toHaveLength(3);
    expect(JSON.parse(withUsage[1] ?? '{}')).toMatchObject({ choices: [], usage: { completion_tokens: 0 } });
    expect(withUsage[2]).toBe('[DONE]');
  });

  it('a request the API refuses anyway gets its own error first', async () => {
    await arm({ channel: 'sim-image-b', times: 1 });
    const res = await s.call('sim-image-b', '/v1/images/generations', {
      json: { model: 'imagegen-1', prompt: 'x', size: '1024x576' },
    });
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ param: 'size', code: 'invalid_value' });
  });

  it('is accepted on image and chat channels only, and only for generations', async () => {
    expect((await arm({ channel: 'sim-video-a' })).status).toBe(400);
    expect((await arm({ channel: 'sim-chat-a', on: 'all' })).status).toBe(400);
    const star = (await (await arm({ channel: '*' })).json()) as { faults: ActiveFault[] };
    expect(star.faults.map((f) => f.channel)).toEqual([
      'sim-image-a',
      'sim-image-b',
      'sim-image-c',
      'sim-chat-a',
      'sim-chat-b',
      'sim-chat-lite',
      'sim-chat-reason',
    ]);
    const log = (await (await s.control('/__sim/requests?channel=sim-chat-b')).json()) as unknown[];
    expect(log).toEqual([]);
    const res = await s.call('sim-chat-b', '/v1/chat/completions', {
      json: { model: 'chatmodel-1', messages: [{ role: 'user', content: 'x' }] },
    });
    expect(((await res.json()) as { choices: { finish_reason: string }[] }).choices[0]?.finish_reason).toBe(
      'content_filter',
    );
    const entry = (
      (await (await s.control('/__sim/requests?channel=sim-chat-b')).json()) as { fault: string; status: number }[]
    )[0];
    expect(entry).toMatchObject({ fault: 'content_refused', status: 200 });
  });
});
