import { GenerateVideosOperation, GoogleGenAI } from '@google/genai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { download } from '@/server/upstreams/providers/http';
import type { Target } from '@/server/upstreams/types';
import { geminiVeo } from './gemini-veo';

/**
 * Studio's Veo requests compared with those of Google's own client, @google/genai 2.32.0 (`generateVideos`,
 * `operations.getVideosOperation`, `files.download` in Gemini Developer API mode), both recorded by one
 * server: method, path, query, key header, and the body field by field with its types.
 */

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const KEY = 'AIza-test-key';
const OPERATION = 'models/veo-3.1-generate-preview/operations/op7x2k';
let server: Server;
let base = '';
let recorded: Recorded[] = [];
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#c63' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      // The frames Studio reads from its store are not provider calls.
      if (url.startsWith('/store/')) return res.end(url.endsWith('.png') ? png : jpeg);
      recorded.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (url.includes(':download')) return res.writeHead(200, { 'content-type': 'video/mp4' }).end('mp4');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: OPERATION }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  recorded = [];
});

const client = () => new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: base } });
const target = (model: string): Target => ({
  channel: 'veo',
  adapter: 'gemini-veo',
  baseUrl: base,
  apiKey: KEY,
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);

/** One recorded call, in the terms both sides must agree on. */
function call(r: Recorded | undefined) {
  return {
    method: r?.method,
    url: r?.url,
    key: r?.headers['x-goog-api-key'],
    json: r?.body ? (JSON.parse(r.body) as unknown) : null,
  };
}

describe('Studio’s Veo requests against @google/genai 2.32.0’s', () => {
  it('text to video: the same path, key and body (prompt; aspectRatio, durationSeconds as a number, resolution)', async () => {
    await client().models.generateVideos({
      model: 'veo-3.1-generate-preview',
      source: { prompt: 'a lighthouse at dusk' },
      config: { aspectRatio: '9:16', durationSeconds: 6, resolution: '720p' },
    });
    await geminiVeo.create(
      target('veo-3.1-generate-preview'),
      { prompt: 'a lighthouse at dusk', ratio: '9:16', duration: 6, resolution: '720p' },
      signal(),
    );
    const [theirs, ours] = recorded.map(call);
    expect(theirs).toEqual({
      method: 'POST',
      url: '/v1beta/models/veo-3.1-generate-preview:predictLongRunning',
      key: KEY,
      json: {
        instances: [{ prompt: 'a lighthouse at dusk' }],
        parameters: { aspectRatio: '9:16', durationSeconds: 6, resolution: '720p' },
      },
    });
    expect(ours).toEqual(theirs);
    expect(recorded[1]?.headers['content-type']).toBe('application/json');
  });

  it('first and last frame: image and lastFrame as bytesBase64Encoded with their mimeType', async () => {
    await client().models.generateVideos({
      model: 'veo-3.1-generate-preview',
      source: { prompt: 'the fox turns', image: { imageBytes: png.toString('base64'), mimeType: 'image/png' } },
      config: {
        aspectRatio: '16:9',
        durationSeconds: 8,
        resolution: '1080p',
        lastFrame: { imageBytes: jpeg.toString('base64'), mimeType: 'image/jpeg' },
      },
    });
    await geminiVeo.create(
      target('veo-3.1-generate-preview'),
      {
        prompt: 'the fox turns',
        ratio: '16:9',
        duration: 8,
        resolution: '1080p',
        images: [`${base}/store/first.png`, `${base}/store/last.jpg`],
      },
      signal(),
    );
    const [theirs, ours] = recorded.map(call);
    expect((theirs?.json as { instances: object[] }).instances[0]).toEqual({
      prompt: 'the fox turns',
      image: { bytesBase64Encoded: png.toString('base64'), mimeType: 'image/png' },
      lastFrame: { bytesBase64Encoded: jpeg.toString('base64'), mimeType: 'image/jpeg' },
    });
    expect(ours).toEqual(theirs);
  });

  it('Veo 2: no resolution sent, as a caller of the client sends none for a 720p-only model', async () => {
    await client().models.generateVideos({
      model: 'veo-2.0-generate-001',
      source: { prompt: 'rain' },
      config: { aspectRatio: '16:9', durationSeconds: 5 },
    });
    await geminiVeo.create(
      target('veo-2.0-generate-001'),
      { prompt: 'rain', ratio: '16:9', duration: 5, resolution: '720p' },
      signal(),
    );
    const [theirs, ours] = recorded.map(call);
    expect(ours).toEqual(theirs);
  });

  it('polls the operation by its name and downloads the file with the key, as the client does', async () => {
    const ai = client();
    const operation = Object.assign(new GenerateVideosOperation(), { name: OPERATION });
    await ai.operations.getVideosOperation({ operation });
    await geminiVeo.get(target('veo-3.1-generate-preview'), OPERATION, signal());
    await ai.files.download({ file: 'files/f3ab9c', downloadPath: path.join(os.tmpdir(), 'veo-request-test.mp4') });
    const headers = geminiVeo.resultHeaders?.(target('veo-3.1-generate-preview'));
    await download(`${base}/v1beta/files/f3ab9c:download?alt=media`, signal(), 1024, headers);
    const [poll, ourPoll, file, ourFile] = recorded.map(call);
    expect(poll).toMatchObject({ method: 'GET', url: `/v1beta/${OPERATION}`, key: KEY });
    expect(ourPoll).toEqual(poll);
    expect(file).toMatchObject({ method: 'GET', url: '/v1beta/files/f3ab9c:download?alt=media', key: KEY });
    expect(ourFile).toEqual(file);
  });
});
