import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newTenant } from '../helpers/api';
import { sample } from '../helpers/media-samples';

/**
 * A client still sending an oversized body gets the 413 JSON answer, not a reset connection: on the
 * REST JSON routes, the console's tRPC endpoint and the upload, whether the body goes in one piece or
 * slowly in chunks. A body far past the drain bound is cut, and the service stays healthy.
 */

const MB = 1024 * 1024;
const REPEAT = 20;
let key: string;
/** A real PNG header padded to 12 MB: past the 8 MB image limit. */
let bigPng: Buffer;

beforeAll(async () => {
  key = (await newTenant()).key;
  bigPng = await sample('png', 12 * MB);
});

/** A body of `size` bytes that arrives in 256 KiB chunks with a pause between them (chunked encoding). */
function slowBody(size: number, chunk = 256 * 1024, pauseMs = 2): ReadableStream<Uint8Array<ArrayBuffer>> {
  let sent = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      if (sent >= size) {
        controller.close();
        return;
      }
      await new Promise((r) => setTimeout(r, pauseMs));
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

const MULTIPART = 'multipart/form-data; boundary=b';

/** The 12 MB PNG as a multipart upload. */
function multipart(): Uint8Array<ArrayBuffer> {
  const head = Buffer.from(
    '--b\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n',
  );
  return new Uint8Array(Buffer.concat([head, bigPng, Buffer.from('\r\n--b--\r\n')]));
}

interface Route {
  name: string;
  path: string;
  headers: () => Record<string, string>;
  body: (slow: boolean) => BodyInit;
}

const json12 = () => `{"prompt":"${' '.repeat(12 * MB)}"}`;
const routes: Route[] = [
  {
    name: 'REST JSON (POST /api/generate)',
    path: '/api/generate',
    headers: () => ({ 'x-api-key': key, 'content-type': 'application/json' }),
    body: (slow) => (slow ? slowBody(12 * MB) : json12()),
  },
  {
    name: 'console tRPC (POST /api/trpc/callbacks.rotate)',
    path: '/api/trpc/callbacks.rotate',
    headers: () => ({ 'content-type': 'application/json' }),
    body: (slow) => (slow ? slowBody(12 * MB) : json12()),
  },
  {
    name: 'upload (POST /api/upload-ref)',
    path: '/api/upload-ref',
    headers: () => ({ 'x-api-key': key, 'content-type': MULTIPART }),
    body: (slow) => {
      const body = multipart();
      if (!slow) return body;
      let offset = 0;
      return new ReadableStream<Uint8Array<ArrayBuffer>>({
        async pull(controller) {
          if (offset >= body.length) return controller.close();
          await new Promise((r) => setTimeout(r, 2));
          controller.enqueue(body.subarray(offset, offset + 256 * 1024));
          offset += 256 * 1024;
        },
      });
    },
  },
];

async function send(
  route: Route,
  slow: boolean,
): Promise<{ status: number; body: { ok?: unknown; error?: unknown; code?: unknown } }> {
  const res = await fetch(`${inject('apiBase')}${route.path}`, {
    method: 'POST',
    headers: route.headers(),
    body: route.body(slow),
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as { ok?: unknown; error?: unknown; code?: unknown } };
}

describe('oversized bodies are answered, not reset', () => {
  for (const route of routes) {
    for (const slow of [false, true]) {
      it(`${route.name}: a 12 MB body ${slow ? 'sent slowly in chunks' : 'sent in one go'} gets 413 JSON, ${REPEAT} times out of ${REPEAT}`, async () => {
        const failures: string[] = [];
        for (let i = 0; i < REPEAT; i++) {
          try {
            const got = await send(route, slow);
            if (
              got.status !== 413 ||
              got.body.ok !== false ||
              typeof got.body.error !== 'string' ||
              got.body.code !== 'PAYLOAD_TOO_LARGE'
            ) {
              failures.push(`try ${i + 1}: ${got.status} ${JSON.stringify(got.body)}`);
            }
          } catch (err) {
            failures.push(`try ${i + 1}: ${String((err as Error).cause ?? err)}`);
          }
        }
        expect(failures).toEqual([]);
        expect((await api('/balance', { key })).status).toBe(200);
      }, 120_000);
    }
  }

  it('cuts a body far past the drain bound without tying up the server', async () => {
    const started = Date.now();
    // 80 MB chunked: past the 64 MB the server reads of a refused body; it stops reading and closes.
    const outcome = await fetch(`${inject('apiBase')}/api/generate`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: slowBody(80 * MB, 1024 * 1024, 0),
      duplex: 'half',
    } as RequestInit).then(
      async (res) => `answered ${res.status} ${await res.text().catch(() => '')}`.slice(0, 40),
      (err: unknown) => `cut: ${String((err as Error).cause ?? err)}`,
    );
    expect(outcome).toMatch(/^answered 413|^cut/);
    expect(Date.now() - started).toBeLessThan(25_000);
    // The server answers at once while and after it happens.
    const health = await fetch(`${inject('apiBase')}/api/health`);
    expect(health.status).toBe(200);
    expect((await api('/balance', { key })).status).toBe(200);
  }, 60_000);
});
