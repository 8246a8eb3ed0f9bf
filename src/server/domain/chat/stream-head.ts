import type { ChatChunk } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';

/** Whether a stream chunk says something: content, a tool call, or why the answer stopped. */
function saysSomething(chunk: ChatChunk): boolean {
  const choices = chunk.choices as
    { delta?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[] | undefined;
  if (!choices || choices.length === 0) return false;
  return choices.some(
    (c) =>
      (typeof c.delta?.content === 'string' && c.delta.content !== '') ||
      c.delta?.tool_calls !== undefined ||
      (c.finish_reason ?? null) !== null,
  );
}

/**
 * Reads a stream's first chunks, up to the first that says something (most streams open with a
 * role-only chunk). When the provider's content filter stopped the answer before any content, that
 * is the caller's refusal, told as a 400 before the stream starts, as for a non-streamed answer.
 */
export async function streamHead(rest: AsyncIterator<ChatChunk>): Promise<ChatChunk[]> {
  const head: ChatChunk[] = [];
  for (let i = 0; i < 8; i++) {
    const next = await rest.next();
    if (next.done) break;
    head.push(next.value);
    if (!saysSomething(next.value)) continue;
    const choices = next.value.choices as {
      delta?: { content?: unknown; tool_calls?: unknown };
      finish_reason?: unknown;
    }[];
    if (choices.every((c) => c.finish_reason === 'content_filter' && !c.delta?.content && !c.delta?.tool_calls)) {
      throw new UpstreamError('refused', 'the provider filtered the content', { code: 'content_filter' });
    }
    break;
  }
  if (head.length === 0) throw new UpstreamError('bad_output', 'the upstream stream ended before any chunk');
  return head;
}
