import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { dashscopeVideo } from './dashscope-video';
import { wanVideoSubmissionOf } from './dashscope-video-request';

/**
 * Studio's Wan video requests beside the documented ones (tests/fixtures/dashscope-video/requests.json, after
 * the HTTP examples of Model Studio's "Wan - text-to-video", "image-to-video (first frame)" and
 * "first-and-last-frame to video" API references; no official Node client): method, path, the key, the
 * asynchronous header, and every body field Studio sends, with the documented type, in the documented object.
 */

interface Documented {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}
const documented = JSON.parse(
  readFileSync(join(process.cwd(), 'tests/fixtures/dashscope-video/requests.json'), 'utf8'),
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
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ request_id: 'r', output: { task_id: 'task-1', task_status: 'PENDING' } }));
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}/base`;
});
afterAll(() => rec.close());

const target = (model: string): Target => ({
  channel: 'c',
  adapter: 'dashscope-video',
  baseUrl: base,
  apiKey: 'sk-doc',
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

type Obj = Record<string, unknown>;

function expectLike(studio: Seen, d: Documented): void {
  expect(studio.method).toBe(d.method);
  expect(studio.url).toBe(`/base${d.path.replace('{task_id}', 'task-1')}`);
  expect(studio.headers.authorization).toBe('Bearer sk-doc');
  expect(studio.headers['x-dashscope-async']).toBe(d.headers['X-DashScope-Async']);
  if (!d.body) return expect(studio.body).toBe('');
  expect(studio.headers['content-type']).toBe(d.headers['Content-Type']);
  const ours = JSON.parse(studio.body) as Obj;
  // The same objects, and in each only documented fields of the documented type.
  expect(Object.keys(ours).sort()).toEqual(Object.keys(d.body).sort());
  for (const part of ['input', 'parameters'])
    for (const [k, v] of Object.entries(ours[part] as Obj)) {
      expect(Object.keys(d.body[part] as Obj), `${part}.${k}`).toContain(k);
      expect(typeof v, `${part}.${k}`).toBe(typeof (d.body[part] as Obj)[k]);
    }
}

const req = (over: Partial<VideoTaskRequest> = {}): VideoTaskRequest => ({
  prompt: 'A kitten running in the moonlight',
  duration: 5,
  ratio: '16:9',
  resolution: '1080p',
  ...over,
});
const frames = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];

describe('Studio’s Wan video requests beside the API references’', () => {
  it('text to video: the size of the resolution and ratio, 10 seconds, no soundtrack unless asked', async () => {
    const studio = await last(() =>
      dashscopeVideo.create(target('wan2.5-t2v-preview'), req({ duration: 10 }), signal()),
    );
    expectLike(studio, doc('t2v'));
    expect(JSON.parse(studio.body)).toEqual({
      model: 'wan2.5-t2v-preview',
      input: { prompt: 'A kitten running in the moonlight' },
      parameters: { size: '1920*1080', duration: 10, prompt_extend: false, watermark: false, audio: false },
    });
    const sound = await last(() =>
      dashscopeVideo.create(
        target('wan2.5-t2v-preview'),
        req({ ratio: '9:16', resolution: '720p', generateAudio: true }),
        signal(),
      ),
    );
    expect(JSON.parse(sound.body)).toMatchObject({ parameters: { size: '720*1280', audio: true } });
  });

  it('first frame: the line’s image-to-video model with img_url and resolution, never size', async () => {
    const studio = await last(() =>
      dashscopeVideo.create(
        target('wan2.2-t2v-plus'),
        req({ images: [frames[0] ?? ''], resolution: '480p' }),
        signal(),
      ),
    );
    expectLike(studio, doc('i2v'));
    expect(JSON.parse(studio.body)).toEqual({
      model: 'wan2.2-i2v-plus',
      input: { prompt: 'A kitten running in the moonlight', img_url: frames[0] },
      parameters: { resolution: '480P', duration: 5, prompt_extend: false, watermark: false },
    });
  });

  it('first and last frame: the line’s first-and-last-frame model on its own endpoint', async () => {
    const studio = await last(() =>
      dashscopeVideo.create(target('wan2.2-t2v-plus'), req({ images: frames, resolution: '480p' }), signal()),
    );
    expectLike(studio, doc('kf2v'));
    expect(JSON.parse(studio.body)).toEqual({
      model: 'wan2.2-kf2v-flash',
      input: { first_frame_url: frames[0], last_frame_url: frames[1], prompt: 'A kitten running in the moonlight' },
      parameters: { resolution: '480P', duration: 5, prompt_extend: false, watermark: false },
    });
  });

  it('the query, the cancel and the probe’s list: the task path, the key, no body', async () => {
    expect(await dashscopeVideo.create(target('wan2.2-t2v-plus'), req({ resolution: '480p' }), signal())).toBe(
      'task-1',
    );
    expectLike(await last(() => dashscopeVideo.get(target('m'), 'task-1', signal())), doc('query'));
    expectLike(await last(() => dashscopeVideo.cancel(target('m'), 'task-1', signal())), doc('cancel'));
    const probe = await last(() => dashscopeVideo.probe(target('m'), signal()));
    expect(probe.url).toBe('/base/api/v1/tasks?page_no=1&page_size=1');
  });

  it('refuses before calling what the line does not make, so routing can try another channel', () => {
    const refused = (model: string, over: Partial<VideoTaskRequest>, code: string) =>
      expect(() => wanVideoSubmissionOf(model, req(over)), `${model} ${code}`).toThrow(
        expect.objectContaining({ errorClass: 'unsupported', code }),
      );
    refused('wan2.2-t2v-plus', { duration: 10 }, 'duration');
    refused('wan2.2-t2v-plus', { resolution: '720p' }, 'resolution');
    refused('wan2.2-t2v-plus', { resolution: '480p', ratio: '4:3' }, 'size');
    refused('wan2.5-t2v-preview', { images: frames }, 'last_frame_url');
    refused('wanx2.1-t2v-turbo', { images: frames, resolution: '480p' }, 'resolution');
    refused('wan2.2-t2v-plus', { images: ['a', 'b', 'c'] }, 'images');
    refused('wan2.2-t2v-plus', { videos: ['v'] }, 'videos');
    refused('wan2.2-t2v-plus', { audios: ['a'] }, 'audio_url');
    refused('wan2.2-t2v-plus', { generateAudio: true }, 'audio');
    refused('wan2.2-i2v-plus', {}, 'model');
    // Wan 2.5 takes the caller's audio, and then adds it as the soundtrack.
    expect(wanVideoSubmissionOf('wan2.5-t2v-preview', req({ audios: ['https://x.test/a.mp3'] })).body).toMatchObject({
      input: { audio_url: 'https://x.test/a.mp3' },
      parameters: { audio: true },
    });
  });
});
