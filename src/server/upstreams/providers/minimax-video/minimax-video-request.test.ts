import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { minimaxVideo } from './minimax-video';
import { minimaxBodyOf } from './minimax-video-request';

/**
 * Studio's MiniMax requests beside the documented ones (tests/fixtures/minimax-video/requests.json, after the
 * request examples of MiniMax's "Video Generation" and "File Management" reference pages; no official Node
 * client exists): method, path, query, the bearer key, the content type, and the body field by field.
 */

interface Documented {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}
const documented = JSON.parse(
  readFileSync(join(process.cwd(), 'tests/fixtures/minimax-video/requests.json'), 'utf8'),
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
// Answers each call as the reference's examples do: a created task, a finished task, its file.
const rec = createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: data });
    const ok = { status_code: 0, status_msg: 'success' };
    const url = req.url ?? '';
    const answer = url.includes('/query/')
      ? { task_id: '106916112212032', status: 'Success', file_id: '205258526306433', base_resp: ok }
      : url.includes('/files/retrieve')
        ? { file: { file_id: 205258526306433, download_url: 'https://cdn.test/output.mp4' }, base_resp: ok }
        : url.includes('/files/list')
          ? { files: [], base_resp: ok }
          : { task_id: '106916112212032', base_resp: ok };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}/base`;
});
afterAll(() => rec.close());

const target = (model: string): Target => ({
  channel: 'c',
  adapter: 'minimax-video',
  baseUrl: base,
  apiKey: 'sk-doc',
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);

async function calls(run: () => Promise<unknown>): Promise<Seen[]> {
  seen.length = 0;
  await run();
  return [...seen];
}

function expectLike(studio: Seen | undefined, d: Documented): void {
  expect(studio?.method).toBe(d.method);
  expect(studio?.url).toBe(`/base${d.path}`);
  expect(studio?.headers.authorization).toBe('Bearer sk-doc');
  if (!d.body) return expect(studio?.body).toBe('');
  expect(studio?.headers['content-type']).toBe(d.headers['content-type']);
}

const req = (over: Partial<VideoTaskRequest> = {}): VideoTaskRequest => ({
  prompt: 'A man picks up a book [Pedestal up], then reads [Static shot].',
  duration: 6,
  ratio: '16:9',
  resolution: '1080p',
  ...over,
});

describe('Studio’s MiniMax requests beside the API reference’s', () => {
  it('text to video: the path, the key and the body equal to the reference’s example', async () => {
    const [studio] = await calls(() => minimaxVideo.create(target('MiniMax-Hailuo-2.3'), req(), signal()));
    expectLike(studio, doc('t2v'));
    expect(JSON.parse(studio?.body ?? '')).toEqual(doc('t2v').body);
  });

  it('image to video: the first frame as first_frame_image, equal to the reference’s example', async () => {
    const d = doc('i2v');
    const over = { prompt: String(d.body?.prompt), images: [String(d.body?.first_frame_image)] };
    const [studio] = await calls(() => minimaxVideo.create(target('MiniMax-Hailuo-2.3'), req(over), signal()));
    expectLike(studio, d);
    expect(JSON.parse(studio?.body ?? '')).toEqual(d.body);
  });

  it('first and last frame on MiniMax-Hailuo-02, equal to the reference’s example', async () => {
    const d = doc('fl2v');
    const images = [String(d.body?.first_frame_image), String(d.body?.last_frame_image)];
    const [studio] = await calls(() =>
      minimaxVideo.create(target('MiniMax-Hailuo-02'), req({ prompt: String(d.body?.prompt), images }), signal()),
    );
    expectLike(studio, d);
    expect(JSON.parse(studio?.body ?? '')).toEqual(d.body);
  });

  it('a poll: the query by task_id, then the file retrieval by the file_id it names', async () => {
    const [query, retrieve] = await calls(() => minimaxVideo.get(target('m'), '106916112212032', signal()));
    expectLike(query, doc('query'));
    expectLike(retrieve, doc('retrieve'));
  });

  it('the probe lists the video files', async () => {
    const [list] = await calls(() => minimaxVideo.probe(target('m'), signal()));
    expectLike(list, doc('list'));
  });
});

describe('what MiniMax does not make is refused before any call', () => {
  const refused = (model: string, over: Partial<VideoTaskRequest>, code: string) =>
    expect(() => minimaxBodyOf(model, req(over))).toThrow(expect.objectContaining({ errorClass: 'unsupported', code }));

  it('durations other than 6 or 10, and 10 seconds at 1080P', () => {
    refused('MiniMax-Hailuo-02', { duration: 5 }, 'duration');
    refused('MiniMax-Hailuo-02', { duration: 10, resolution: '1080p' }, 'duration');
    refused('T2V-01-Director', { duration: 10, resolution: '720p' }, 'duration');
    expect(minimaxBodyOf('MiniMax-Hailuo-02', req({ duration: 10, resolution: '768P' }))).toMatchObject({
      duration: 10,
      resolution: '768P',
    });
  });

  it('a resolution or a mode the model does not make, references, sound and ratios text to video cannot make', () => {
    refused('MiniMax-Hailuo-2.3', { resolution: '512p' }, 'resolution');
    refused('MiniMax-Hailuo-2.3', { images: ['https://a/1.png', 'https://a/2.png'] }, 'fl2v');
    refused('MiniMax-Hailuo-2.3-Fast', {}, 't2v');
    refused('MiniMax-Hailuo-02', { images: ['1', '2', '3'].map((n) => `https://a/${n}.png`) }, 'images');
    refused('MiniMax-Hailuo-02', { generateAudio: true }, 'generate_audio');
    refused('MiniMax-Hailuo-02', { ratio: '9:16' }, 'aspect_ratio');
    // With a frame the video takes the image's shape, whatever the ratio.
    expect(minimaxBodyOf('MiniMax-Hailuo-02', req({ ratio: '9:16', images: ['https://a/1.png'] }))).toMatchObject({
      first_frame_image: 'https://a/1.png',
    });
  });
});
