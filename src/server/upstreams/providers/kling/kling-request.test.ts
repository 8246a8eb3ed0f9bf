import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { kling } from './kling';
import { klingSubmissionOf } from './kling-request';

/**
 * Studio's Kling requests beside the documented ones (tests/fixtures/kling/requests.json, after the cURL
 * examples of "Kling AI API — Video Generation"; no official Node client exists): method, path, query,
 * the signed token, the content type, and every body field Studio sends with the documented type.
 */

interface Documented {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}
const documented = JSON.parse(
  readFileSync(join(process.cwd(), 'tests/fixtures/kling/requests.json'), 'utf8'),
) as Record<string, Documented>;
const doc = (name: string): Documented => {
  const d = documented[name];
  if (!d) throw new Error(`no documented request ${name}`);
  return d;
};

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let base = '';
const rec = createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: data });
    const status = req.method === 'GET' ? 'processing' : 'submitted';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        code: 0,
        message: 'SUCCEED',
        request_id: 'r',
        data: { task_id: 'task-1', task_status: status },
      }),
    );
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}/base`;
});
afterAll(() => rec.close());

const target = (model: string): Target => ({
  channel: 'c',
  adapter: 'kling',
  baseUrl: base,
  apiKey: 'AKdoc:SKdoc',
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);

async function last(run: () => Promise<unknown>): Promise<Seen> {
  seen.length = 0;
  await run();
  const r = seen[0];
  if (!r) throw new Error('no request');
  return r;
}

async function expectLike(studio: Seen, d: Documented, required: string[]): Promise<void> {
  expect(studio.method).toBe(d.method);
  expect(studio.url).toBe(`/base${d.path.replace('{task_id}', 'task-1')}`);
  // The bearer token is a JWT of the access key signed with the secret key.
  const token = /^Bearer (.+)$/.exec(studio.headers.authorization ?? '')?.[1] ?? '';
  const { payload } = await jwtVerify(token, new TextEncoder().encode('SKdoc'), { issuer: 'AKdoc' });
  expect(payload.iss).toBe('AKdoc');
  if (d.headers['Content-Type']) expect(studio.headers['content-type']).toBe(d.headers['Content-Type']);
  if (!d.body) return expect(studio.body).toBe('');
  const ours = JSON.parse(studio.body) as Record<string, unknown>;
  // Every field Studio sends is documented, with the documented type (durations are strings)...
  for (const [k, v] of Object.entries(ours)) {
    expect(Object.keys(d.body), k).toContain(k);
    expect(typeof v, k).toBe(typeof d.body[k]);
  }
  // ...and the fields Studio relies on are all sent.
  expect(Object.keys(ours).sort()).toEqual(expect.arrayContaining(required));
}

const req = (over: Partial<VideoTaskRequest> = {}): VideoTaskRequest => ({
  prompt: 'A cat playing the piano',
  duration: 5,
  ratio: '16:9',
  resolution: '720p',
  ...over,
});

describe('Studio’s Kling requests beside the API reference’s', () => {
  it('text to video: the path, the token and the body’s fields and types', async () => {
    const studio = await last(() => kling.create(target('kling-v1'), req(), signal()));
    await expectLike(studio, doc('text2video'), ['aspect_ratio', 'duration', 'mode', 'model_name', 'prompt']);
    expect(JSON.parse(studio.body)).toEqual({
      model_name: 'kling-v1',
      prompt: 'A cat playing the piano',
      mode: 'std',
      aspect_ratio: '16:9',
      duration: '5',
    });
  });

  it('first and last frame: image to video with image_tail, pro mode for 1080p, 10 seconds as "10"', async () => {
    const images = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];
    const studio = await last(() =>
      kling.create(target('kling-v1'), req({ images, resolution: '1080p', duration: 10 }), signal()),
    );
    await expectLike(studio, doc('image2video'), ['duration', 'image', 'image_tail', 'mode', 'model_name', 'prompt']);
    expect(JSON.parse(studio.body)).toMatchObject({
      image: images[0],
      image_tail: images[1],
      mode: 'pro',
      duration: '10',
    });
  });

  it('the query of each endpoint and the probe’s list: the task path, the token, no body', async () => {
    await expectLike(
      await last(() => kling.get(target('m'), 'text2video/task-1', signal())),
      doc('query-text2video'),
      [],
    );
    const i2v = await last(() => kling.get(target('m'), 'image2video/task-1', signal()));
    await expectLike(i2v, doc('query-image2video'), []);
    const probe = await last(() => kling.probe(target('m'), signal()));
    expect(probe.url?.split('?')[0]).toBe(`/base${doc('list').path.split('?')[0]}`);
    expect(new URL(`http://x${probe.url}`).searchParams.get('pageSize')).toBe('1');
  });

  it('answers the task under a handle that names its endpoint, so the poll goes to the right path', async () => {
    expect(await kling.create(target('kling-v1'), req(), signal())).toBe('text2video/task-1');
    expect(await kling.create(target('kling-v1'), req({ images: ['https://x.test/a.png'] }), signal())).toBe(
      'image2video/task-1',
    );
    await expect(kling.get(target('m'), 'task-1', signal())).rejects.toMatchObject({ errorClass: 'bad_request' });
  });

  it('refuses before calling what Kling does not offer, so routing can try another channel', () => {
    const refused = (over: Partial<VideoTaskRequest>, code: string) =>
      expect(() => klingSubmissionOf('kling-v1', req(over)), code).toThrow(
        expect.objectContaining({ errorClass: 'unsupported', code }),
      );
    refused({ duration: 7 }, 'duration');
    refused({ resolution: '480p' }, 'resolution');
    refused({ ratio: '4:3' }, 'aspect_ratio');
    refused({ images: ['a', 'b', 'c'] }, 'images');
    refused({ videos: ['v'] }, 'videos');
    refused({ audios: ['a'] }, 'audios');
    refused({ generateAudio: true }, 'generate_audio');
    // A last frame needs pro mode (1080p).
    refused({ images: ['a', 'b'], resolution: '720p' }, 'image_tail');
    // Image to video takes the image's own ratio: the caller's is not sent.
    expect(klingSubmissionOf('kling-v1', req({ images: ['a'], ratio: '4:3' })).body).not.toHaveProperty('aspect_ratio');
  });
});
