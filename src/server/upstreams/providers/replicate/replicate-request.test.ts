import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Replicate from 'replicate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '@/server/upstreams/types';
import type { ImageGeneration } from '@/server/upstreams/providers/types';
import { replicate } from './replicate';
import { predictionInput } from './replicate-input';

/**
 * Studio's requests beside those of the official client, `replicate` 1.4.0, for the same operation and
 * input: method, path, query, authentication, content type and the body's fields and types
 * (docs/routing.md → Replicate, the comparison table).
 */

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
const seen: Seen[] = [];
let base = '';
const rec = createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString()));
  req.on('end', () => {
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: data ? (JSON.parse(data) as unknown) : null,
    });
    res.writeHead(req.method === 'POST' && !req.url?.endsWith('/cancel') ? 201 : 200, {
      'content-type': 'application/json',
    });
    res.end(
      JSON.stringify({ id: 'p1', status: 'starting', model: 'm', input: {}, output: null, error: null, urls: {} }),
    );
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}`;
});
afterAll(() => rec.close());

const target = (model: string): Target => ({
  channel: 'c',
  adapter: 'replicate',
  baseUrl: base,
  apiKey: 'r8_k',
  model,
  softTimeoutMs: 60_000,
});
const client = () => new Replicate({ auth: 'r8_k', baseUrl: `${base}/v1` });
const signal = () => AbortSignal.timeout(5_000);

/** Runs Studio's call, then the client's, and answers both requests. */
async function pair(studio: () => Promise<unknown>, sdk: () => Promise<unknown>): Promise<[Seen, Seen]> {
  seen.length = 0;
  await studio();
  await sdk();
  expect(seen).toHaveLength(2);
  return [seen[0] as Seen, seen[1] as Seen];
}

function agree(a: Seen, b: Seen): void {
  expect(a.method).toBe(b.method);
  expect(a.url).toBe(b.url);
  expect(a.headers.authorization).toBe('Bearer r8_k');
  expect(b.headers.authorization).toBe('Bearer r8_k');
  expect(a.headers['content-type']).toBe(b.headers['content-type']);
  expect(a.body).toEqual(b.body);
}

const gen = { prompt: 'a red fox', width: 1344, height: 768 };
const ref = { data: Buffer.from('png-bytes'), mime: 'image/png', filename: 'r.png' };

describe('Studio’s request beside replicate 1.4.0’s', () => {
  it('creates an official model’s prediction: same path, key, body; Prefer wait=n beside the client’s wait=n', async () => {
    for (const [model, req] of [
      ['black-forest-labs/flux-schnell', gen],
      ['black-forest-labs/flux-1.1-pro', gen],
      ['google/nano-banana', { ...gen, referenceImages: [ref] }],
      ['bytedance/seedream-4', { ...gen, width: 1824, height: 1024, referenceImages: [ref, ref] }],
    ] as [string, ImageGeneration][]) {
      const input = predictionInput(model, req);
      const [studio, sdk] = await pair(
        () => replicate.submit(target(model), req, signal()),
        () => client().predictions.create({ model, input, wait: 30 }),
      );
      agree(studio, sdk);
      expect(studio.headers.prefer).toBe('wait=30');
      expect(sdk.headers.prefer).toBe('wait=30');
      expect(studio.body).toEqual({ input });
    }
  });

  it('creates a prediction of a version with { version, input }', async () => {
    const model = `black-forest-labs/flux-schnell:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa`;
    const input = predictionInput(model, gen);
    const [studio, sdk] = await pair(
      () => replicate.submit(target(model), gen, signal()),
      () => client().predictions.create({ version: model.split(':')[1] ?? '', input, wait: 30 }),
    );
    agree(studio, sdk);
    expect(studio.url).toBe('/v1/predictions');
  });

  it('reads and cancels a prediction the same way', async () => {
    agree(
      ...(await pair(
        () => replicate.get(target('a/b'), 'p1', signal()),
        () => client().predictions.get('p1'),
      )),
    );
    const [studio, sdk] = await pair(
      () => replicate.cancel(target('a/b'), 'p1', signal()),
      () => client().predictions.cancel('p1'),
    );
    agree(studio, sdk);
    expect(studio.url).toBe('/v1/predictions/p1/cancel');
  });

  it('probes with the client’s accounts.current call', async () => {
    agree(
      ...(await pair(
        () => replicate.probe(target('a/b'), signal()),
        () => client().accounts.current(),
      )),
    );
  });
});
