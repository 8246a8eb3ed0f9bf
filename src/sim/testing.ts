import { simChannelKey } from './channels';
import { createSimServer, type SimServer, type SimServerOptions } from './server';

/** Helpers for tests that run the simulator in-process on a free port. */

export interface RunningSim {
  sim: SimServer;
  url: string;
  /** `fetch` against a channel with its key: `call('sim-chat-a', '/v1/models')`. */
  call(channel: string, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  control(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

function withJson(init: RequestInit & { json?: unknown }, headers: Record<string, string>): RequestInit {
  const { json, ...rest } = init;
  const h = new Headers(rest.headers);
  for (const [k, v] of Object.entries(headers)) if (!h.has(k)) h.set(k, v);
  if (json !== undefined) {
    h.set('content-type', 'application/json');
    return { ...rest, method: rest.method ?? 'POST', headers: h, body: JSON.stringify(json) };
  }
  return { ...rest, headers: h };
}

export async function startSim(opts: SimServerOptions = {}): Promise<RunningSim> {
  const sim = createSimServer(opts);
  const url = await sim.listen(0, '127.0.0.1');
  return {
    sim,
    url,
    call: (channel, path, init = {}) =>
      fetch(`${url}/${channel}${path}`, withJson(init, { authorization: `Bearer ${simChannelKey(channel)}` })),
    control: (path, init = {}) => fetch(`${url}${path}`, withJson(init, {})),
    close: () => sim.close(),
  };
}

/** Reads a `text/event-stream` body and returns the `data:` payloads in order. */
export async function readSse(res: Response): Promise<string[]> {
  const body = res.body;
  if (!body) return [];
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let sep = buffer.indexOf('\n\n');
    while (sep !== -1) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(line.slice(6));
      sep = buffer.indexOf('\n\n');
    }
  }
  return events;
}
