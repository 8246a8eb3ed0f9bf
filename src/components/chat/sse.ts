import { EventSourceParserStream } from 'eventsource-parser/stream';

/** Token counts of one answer, as the API reports them in the usage chunk. */
export interface ChatUsage {
  prompt: number;
  completion: number;
  total: number;
}

/** What one `data:` line of a Chat Completions stream means to the page. */
export type ChatStreamEvent =
  | { type: 'delta'; text: string; model: string | null }
  | { type: 'usage'; usage: ChatUsage; credits: number | null }
  | { type: 'error'; message: string }
  | { type: 'done' };

interface RawChunk {
  model?: unknown;
  choices?: { delta?: { content?: unknown; refusal?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown } | null;
  credits?: unknown;
  error?: { message?: unknown } | null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The events in one SSE data payload; unreadable payloads are reported as an error, never thrown. */
export function parseChatData(data: string): ChatStreamEvent[] {
  if (data.trim() === '[DONE]') return [{ type: 'done' }];
  let chunk: RawChunk;
  try {
    chunk = JSON.parse(data) as RawChunk;
  } catch {
    return [{ type: 'error', message: 'The answer stream could not be read' }];
  }
  if (chunk.error) {
    const message = typeof chunk.error.message === 'string' ? chunk.error.message : 'The answer failed';
    return [{ type: 'error', message }];
  }
  const events: ChatStreamEvent[] = [];
  const model = typeof chunk.model === 'string' ? chunk.model : null;
  // The page shows the first choice; the console never asks for more than one.
  const delta = chunk.choices?.[0]?.delta;
  const text =
    typeof delta?.content === 'string' ? delta.content : typeof delta?.refusal === 'string' ? delta.refusal : '';
  if (text) events.push({ type: 'delta', text, model });
  if (chunk.usage) {
    const u = chunk.usage;
    events.push({
      type: 'usage',
      usage: { prompt: num(u.prompt_tokens), completion: num(u.completion_tokens), total: num(u.total_tokens) },
      credits: typeof chunk.credits === 'number' ? chunk.credits : null,
    });
  }
  return events;
}

/** Reads a Chat Completions SSE body into events, in order, until it ends. */
export async function* readChatStream(body: ReadableStream<BufferSource>): AsyncGenerator<ChatStreamEvent> {
  const messages = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = messages.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const event of parseChatData(value.data)) {
        yield event;
        if (event.type === 'done' || event.type === 'error') return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** The text of an error answered before the stream began: the API's own message when it sent one. */
export async function httpErrorText(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return `The request failed (HTTP ${res.status})`;
}
