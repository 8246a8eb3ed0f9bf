import { describe, expect, it } from 'vitest';
import { parseChatData, readChatStream, type ChatStreamEvent } from './sse';

function streamOf(...pieces: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bytes = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(bytes.encode(p));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of readChatStream(body)) out.push(e);
  return out;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ model: 'chatmodel-1', choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('readChatStream', () => {
  it('yields text deltas, the usage with its credits, then done', async () => {
    const usage = { choices: [], usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 }, credits: 3 };
    const events = await collect(
      streamOf(chunk('你好'), chunk('，世界'), `data: ${JSON.stringify(usage)}\n\n`, 'data: [DONE]\n\n'),
    );
    expect(events).toEqual([
      { type: 'delta', text: '你好', model: 'chatmodel-1' },
      { type: 'delta', text: '，世界', model: 'chatmodel-1' },
      { type: 'usage', usage: { prompt: 12, completion: 30, total: 42 }, credits: 3 },
      { type: 'done' },
    ]);
  });

  it('joins lines and multi-byte characters split across network reads', async () => {
    const whole = chunk('中文换行测试');
    const bytes = new TextEncoder().encode(whole);
    const cut = whole.indexOf('中') + 4; // inside the UTF-8 bytes of a character
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    });
    expect(await collect(body)).toEqual([{ type: 'delta', text: '中文换行测试', model: 'chatmodel-1' }]);
  });

  it('stops at a mid-stream error with the API’s message', async () => {
    const failure = `data: ${JSON.stringify({ error: { message: 'The upstream failed mid-answer', type: 'api_error', code: 'upstream_error' } })}\n\n`;
    const events = await collect(streamOf(chunk('半'), failure, chunk('never')));
    expect(events).toEqual([
      { type: 'delta', text: '半', model: 'chatmodel-1' },
      { type: 'error', message: 'The upstream failed mid-answer' },
    ]);
  });

  it('ignores comments and empty deltas', async () => {
    const role = `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`;
    expect(await collect(streamOf(': keep-alive\n\n', role, 'data: [DONE]\n\n'))).toEqual([{ type: 'done' }]);
  });
});

describe('parseChatData', () => {
  it('reports an unreadable payload as an error', () => {
    expect(parseChatData('{not json')).toEqual([{ type: 'error', message: 'The answer stream could not be read' }]);
  });

  it('reads a usage chunk without credits', () => {
    expect(
      parseChatData(
        JSON.stringify({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }),
      ),
    ).toEqual([{ type: 'usage', usage: { prompt: 1, completion: 2, total: 3 }, credits: null }]);
  });
});
