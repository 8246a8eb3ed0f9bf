import { describe, expect, it } from 'vitest';
import type { ChatChunk } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { streamHead } from './stream-head';

function stream(chunks: ChatChunk[]): AsyncIterator<ChatChunk> & { read: number } {
  let at = 0;
  return {
    read: 0,
    next() {
      this.read = at + 1;
      const value = chunks[at++];
      return Promise.resolve(value ? { done: false, value } : { done: true, value: undefined });
    },
  };
}

const role: ChatChunk = { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] };
const text: ChatChunk = { choices: [{ index: 0, delta: { content: '你好' }, finish_reason: null }] };
const filtered: ChatChunk = { choices: [{ index: 0, delta: {}, finish_reason: 'content_filter' }] };

describe('the head of a chat stream', () => {
  it('reads up to the first chunk with content, and no further', async () => {
    const s = stream([role, text, text]);
    expect(await streamHead(s)).toEqual([role, text]);
    expect(s.read).toBe(2);
  });

  it('takes a stream stopped by the content filter before any content for the caller’s refusal', async () => {
    const err = await streamHead(stream([role, filtered])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ errorClass: 'refused', code: 'content_filter' });
    // Filtered after some content: passed on as it is.
    expect(await streamHead(stream([role, text, filtered]))).toEqual([role, text]);
  });

  it('fails as bad output when the stream ends before any chunk', async () => {
    await expect(streamHead(stream([]))).rejects.toMatchObject({ errorClass: 'bad_output' });
  });
});
