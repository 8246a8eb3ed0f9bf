import { expect, inject } from 'vitest';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Opens the job feed and collects its events until `stop` says so, or the server ends it (a last `end` entry). */
export async function collect(
  key: string,
  stop: (events: SseEvent[]) => boolean,
  headers: Record<string, string> = {},
  base = inject('apiBase'),
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/jobs-stream`, {
    headers: { 'x-api-key': key, ...headers },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .getReader();
  const events: SseEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + 15_000;
  try {
    while (!stop(events) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) {
        // The server ended the stream: recorded as a last pseudo-event.
        events.push({ event: 'end', data: '' });
        break;
      }
      buffer += value;
      let idx: number;
      while ((idx = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        const e: SseEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) e.id = line.slice(4);
          else if (line.startsWith('event: ')) e.event = line.slice(7);
          else if (line.startsWith('data: ')) e.data += line.slice(6);
        }
        if (e.data) events.push(e);
      }
    }
  } finally {
    controller.abort();
  }
  return events;
}
