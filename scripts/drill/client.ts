import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { Webhook } from 'standardwebhooks';

/** What a drill's client saw: each call's outcome and latency. */
export class Tally {
  requests = 0;
  failed = 0;
  latencies: number[] = [];
  /** Latencies of calls made while a fault was active. */
  faultLatencies: number[] = [];
  fault = false;
  errors = new Map<string, number>();
  /** 429s with Retry-After the client waited out and sent again: back-pressure honoured, not failures. */
  backPressure = 0;

  record(ms: number, ok: boolean, why?: string) {
    this.requests += 1;
    (this.fault ? this.faultLatencies : this.latencies).push(ms);
    if (!ok) {
      this.failed += 1;
      if (why) this.errors.set(why, (this.errors.get(why) ?? 0) + 1);
    }
  }

  p95(during = true): number {
    const list = [...(during ? this.faultLatencies : this.latencies)].sort((a, b) => a - b);
    return list.length ? (list[Math.min(list.length - 1, Math.floor(list.length * 0.95))] ?? 0) : 0;
  }
}

export interface Answer<T> {
  status: number;
  body: T;
  /** Empty when the call failed before an answer. */
  headers: Headers;
}

/** One HTTP call with a time-out; network failures come back as status 0. */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: { key?: string; body?: unknown; method?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers['x-api-key'] = init.key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as T, headers: res.headers };
  } catch {
    return { status: 0, body: {} as T, headers: new Headers() };
  }
}

/** The longest Retry-After of a 429 a drill client waits out before sending again; longer ones it gives up on. */
const MAX_RETRY_AFTER_S = 60;

/**
 * Submits as a careful client does: an Idempotency-Key, and the same request again (same key) after a
 * connection failure or a 502/503, up to `tries` times, or after a 429's Retry-After (at most
 * MAX_RETRY_AFTER_S). Returns the job ids or null when it gave up.
 */
export async function submit(
  url: string,
  key: string,
  body: unknown,
  tally: Tally,
  tries = 8,
): Promise<string[] | null> {
  const idem = randomUUID();
  const started = Date.now();
  let why = '';
  for (let attempt = 0; attempt < tries; attempt++) {
    const res = await call<{ jobId?: string; jobs?: { jobId: string }[] }>(url, {
      key,
      body,
      headers: { 'idempotency-key': idem },
      timeoutMs: 15_000,
    });
    if (res.status === 200) {
      tally.record(Date.now() - started, true);
      return res.body.jobs ? res.body.jobs.map((j) => j.jobId) : res.body.jobId ? [res.body.jobId] : [];
    }
    why = `HTTP ${res.status}`;
    const retryAfterS = res.status === 429 ? Number(res.headers.get('retry-after') ?? NaN) : NaN;
    if (retryAfterS >= 0 && retryAfterS <= MAX_RETRY_AFTER_S) {
      tally.backPressure += 1;
      await new Promise((r) => setTimeout(r, retryAfterS * 1000));
      continue;
    }
    if (res.status !== 0 && res.status !== 502 && res.status !== 503) break;
    await new Promise((r) => setTimeout(r, Math.min(4000, 250 * 2 ** attempt)));
  }
  tally.record(Date.now() - started, false, why);
  return null;
}

/**
 * A jobs-stream listener on one web process. It reconnects with Last-Event-ID whenever the stream
 * ends (a draining process ends it with a retry hint) and remembers every job event it saw.
 */
export class Feed {
  readonly events = new Map<string, Set<string>>();
  lastEventId: string | null = null;
  reconnects = 0;
  /** Resolves when the stream first caught up (its `ready` event): start the load after it. */
  readonly ready: Promise<void>;
  private markReady = () => {};
  private stopped = false;
  private controller = new AbortController();

  constructor(
    private origin: string,
    private key: string,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    void this.run();
  }

  saw(jobId: string, event: string): boolean {
    return this.events.get(jobId)?.has(event) ?? false;
  }

  private async run() {
    while (!this.stopped) {
      try {
        const headers: Record<string, string> = { 'x-api-key': this.key, accept: 'text/event-stream' };
        if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
        const res = await fetch(`${this.origin}/api/jobs-stream`, { headers, signal: this.controller.signal });
        if (res.ok && res.body) {
          const parser = createParser({
            onEvent: (e) => {
              if (e.id) this.lastEventId = e.id;
              if (e.event === 'ready') this.markReady();
              if (!e.event?.startsWith('job.')) return;
              const job = JSON.parse(e.data) as { id?: string };
              if (!job.id) return;
              const seen = this.events.get(job.id) ?? new Set<string>();
              seen.add(e.event);
              this.events.set(job.id, seen);
            },
          });
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (let part = await reader.read(); !part.done; part = await reader.read()) parser.feed(part.value);
        }
      } catch {
        // dropped: reconnect below
      }
      if (this.stopped) return;
      this.reconnects += 1;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  stop() {
    this.stopped = true;
    this.controller.abort();
  }
}

/** A callback receiver that can be taken down: while down it refuses connections' requests with a reset. */
export class Receiver {
  up = true;
  readonly server: Server = createServer();
  /** Verified deliveries per job, in arrival order (duplicates kept: delivery is at least once). */
  readonly deliveries = new Map<string, string[]>();
  forged = 0;
  refused = 0;
  private webhooks: Webhook[] = [];

  /** Each tenant signs with its own secret: a delivery verifies against one of them. */
  set secrets(values: string[]) {
    this.webhooks = values.map((v) => new Webhook(v));
  }

  private verify(raw: string, headers: Record<string, string>): { job_id: string; status: string } {
    for (const webhook of this.webhooks) {
      try {
        return webhook.verify(raw, headers) as { job_id: string; status: string };
      } catch {
        // signed with another tenant's secret: try the next
      }
    }
    throw new Error('no secret verifies this delivery');
  }

  async start(): Promise<string> {
    this.server.on('request', (req, res) => {
      if (!this.up) {
        this.refused += 1;
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          const payload = this.verify(raw, req.headers as Record<string, string>);
          const list = this.deliveries.get(payload.job_id) ?? [];
          list.push(payload.status);
          this.deliveries.set(payload.job_id, list);
          res.writeHead(204).end();
        } catch {
          this.forged += 1;
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}
