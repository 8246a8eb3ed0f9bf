import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_GEMINI_CHAT_CHANNEL, SIM_GEMINI_IMAGE_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import type { ActiveFault } from './faults';
import { SIM_GEMINI_REPLY } from './gemini';

/**
 * The chat-only faults on the Gemini chat channel, as the wire shows them: `stream_break` cuts a
 * `streamGenerateContent?alt=sse` stream (or a whole answer) and drops the connection, `missing_fields`
 * answers candidates without their `content` (the API's empty answer). Shapes as in the Gemini API
 * reference (ai.google.dev/api/generate-content, GenerateContentResponse and Candidate).
 */

const CHAT = SIM_GEMINI_CHAT_CHANNEL.name;
const MODEL = 'gemini-2.5-flash';
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_GEMINI_IMAGE_CHANNEL, SIM_GEMINI_CHAT_CHANNEL] });
});
afterAll(() => s.close());
afterEach(() => s.control('/__sim/faults', { method: 'DELETE' }));

const arm = (body: Record<string, unknown>) => s.control('/__sim/faults', { json: body });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The connection dropped before the answer ended. */
  broke: boolean;
}

/** One POST read byte by byte, so an answer cut off mid-way shows what arrived before the drop. */
function post(method: string, query = ''): Promise<Raw> {
  const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Tell me about tea.' }] }] });
  return new Promise((resolve, reject) => {
    const req = request(
      `${s.url}/${CHAT}/v1beta/models/${MODEL}:${method}${query}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': simChannelKey(CHAT) } },
      (res) => {
        let text = '';
        let broke = false;
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, broke });
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('aborted', () => (broke = true));
        res.on('error', () => {
          broke = true;
          done();
        });
        res.on('close', done);
        res.on('end', done);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sseEvents = (text: string) =>
  text
    .split('\r\n\r\n')
    .filter((e) => e.startsWith('data: '))
    .map((e) => e.slice(6));

describe('chat faults on the Gemini chat channel', () => {
  it('stream_break: about half of the SSE events, no finish reason, then the connection drops', async () => {
    const whole = await post('streamGenerateContent', '?alt=sse');
    expect(whole.broke).toBe(false);
    const all = sseEvents(whole.text);
    expect(all.length).toBeGreaterThan(2);

    expect((await arm({ channel: CHAT, fault: 'stream_break', times: 1 })).status).toBe(200);
    const cut = await post('streamGenerateContent', '?alt=sse');
    expect(cut.status).toBe(200);
    expect(cut.broke).toBe(true);
    const events = sseEvents(cut.text).map((e) => JSON.parse(e) as { candidates: { finishReason?: string }[] });
    expect(events.length).toBe(Math.floor(all.length / 2));
    expect(events.every((e) => e.candidates[0]?.finishReason === undefined)).toBe(true);
    expect(cut.text).not.toContain('usageMetadata');
    const logged = (
      (await (await s.control(`/__sim/requests?channel=${CHAT}`)).json()) as {
        fault: string | null;
        aborted: boolean;
      }[]
    ).at(-1);
    expect(logged).toMatchObject({ fault: 'stream_break', aborted: false });
  });

  it('stream_break without streaming: the whole length announced, half of the body sent, then the drop', async () => {
    await arm({ channel: CHAT, fault: 'stream_break', times: 2 });
    for (const [method, query] of [
      ['generateContent', ''],
      ['streamGenerateContent', ''],
    ] as const) {
      const cut = await post(method, query);
      expect(cut.status).toBe(200);
      expect(cut.broke).toBe(true);
      expect(Number(cut.headers['content-length'])).toBeGreaterThan(Buffer.byteLength(cut.text));
      expect(() => JSON.parse(cut.text) as unknown).toThrow();
    }
    const healthy = await post('generateContent');
    expect(healthy.broke).toBe(false);
  });

  it('missing_fields: candidates keep their finish reason and index but lose their content, streamed or not', async () => {
    await arm({ channel: CHAT, fault: 'missing_fields', times: 2 });
    const answer = JSON.parse((await post('generateContent')).text) as Record<string, unknown>;
    expect(answer.candidates).toEqual([{ finishReason: 'STOP', index: 0 }]);
    expect(answer).toHaveProperty('usageMetadata.promptTokenCount');
    const streamed = sseEvents((await post('streamGenerateContent', '?alt=sse')).text);
    expect(streamed.map((e) => (JSON.parse(e) as { candidates: unknown }).candidates)).toEqual([
      [{ finishReason: 'STOP', index: 0 }],
    ]);
    // Used up: the next answer has its text again.
    expect((await post('generateContent')).text).toContain(SIM_GEMINI_REPLY);
  });

  it('the chat faults are armed on the Gemini chat channel, not on the Gemini image channel', async () => {
    for (const fault of ['stream_break', 'missing_fields']) {
      expect((await arm({ channel: SIM_GEMINI_IMAGE_CHANNEL.name, fault })).status).toBe(400);
      const star = (await (await arm({ channel: '*', fault })).json()) as { faults: ActiveFault[] };
      const names = star.faults.map((f) => f.channel);
      expect(names).toContain(CHAT);
      expect(names).not.toContain(SIM_GEMINI_IMAGE_CHANNEL.name);
    }
  });
});
