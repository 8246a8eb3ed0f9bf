import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classifyResponse } from '@/server/upstreams/providers/http';
import { arkImagesBody, arkImageModelKind } from './ark-images-request';
import { imageOfAnswer } from './ark-images';

/** Answers and error bodies after Ark's API reference (tests/fixtures/ark-images/README.md names each page). */
const dir = join(process.cwd(), 'tests/fixtures/ark-images');
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8');
const signal = () => AbortSignal.timeout(5_000);

describe('documented Ark image answers through the adapter', () => {
  it('downloads the image a documented `url` answer names', async () => {
    const jpeg = await sharp({ create: { width: 31, height: 13, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const files = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
      res.end(jpeg);
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    try {
      const answer = JSON.parse(fixture('generation-url.json')) as { data: { url: string }[] };
      // The documented answer, its image address pointed at a local server (the real one expires after 24 hours).
      const local = `http://127.0.0.1:${(files.address() as AddressInfo).port}/example.jpeg`;
      expect(answer.data[0]?.url).toMatch(/^https:\/\/.+\.jpeg$/);
      answer.data[0] = { ...answer.data[0], url: local };
      const out = await imageOfAnswer(Buffer.from(JSON.stringify(answer)), signal());
      expect(out).toEqual({ data: jpeg, declaredMime: 'image/jpeg' });
    } finally {
      files.close();
    }
  });

  it('reads a base64 answer in place, and a failed image of the answer as its code’s class', async () => {
    const answer = JSON.parse(fixture('generation-url.json')) as { data: Record<string, string>[] };
    answer.data[0] = { b64_json: Buffer.from('jpeg bytes').toString('base64'), size: '3104x1312' };
    const out = await imageOfAnswer(Buffer.from(JSON.stringify(answer)), signal());
    expect(out.data.toString()).toBe('jpeg bytes');
    await expect(imageOfAnswer(Buffer.from(fixture('generation-group-error.json')), signal())).rejects.toMatchObject({
      errorClass: 'refused',
      code: 'OutputImageSensitiveContentDetected',
    });
    await expect(imageOfAnswer(Buffer.from('{"data": []}'), signal())).rejects.toMatchObject({
      errorClass: 'bad_output',
    });
    await expect(imageOfAnswer(Buffer.from('{"data": [{"url"'), signal())).rejects.toMatchObject({
      errorClass: 'bad_output',
    });
  });

  it('classifies every documented error by its code, and by its status when the body is not Ark’s', () => {
    const expected: Record<string, string> = {
      MissingParameter: 'bad_request',
      InvalidParameter: 'bad_request',
      InputTextSensitiveContentDetected: 'refused',
      InputImageSensitiveContentDetected: 'refused',
      'InputImageSensitiveContentDetected.PrivacyInformation': 'refused',
      OutputImageSensitiveContentDetected: 'refused',
      AuthenticationError: 'invalid_key',
      AccountOverdueError: 'unpaid',
      ModelNotOpen: 'unsupported',
      'InvalidEndpointOrModel.NotFound': 'unsupported',
      'RateLimitExceeded.EndpointRPMExceeded': 'rate_limit',
      QuotaExceeded: 'rate_limit',
      ServerOverloaded: 'rate_limit',
      InternalServiceError: 'server_error',
    };
    const byStatus: Record<number, string> = {
      400: 'bad_request',
      401: 'invalid_key',
      403: 'invalid_key',
      404: 'bad_request',
      429: 'rate_limit',
      500: 'server_error',
    };
    const errors = JSON.parse(fixture('errors.json')) as { status: number; body: { error: { code: string } } }[];
    expect(errors.map((e) => e.body.error.code)).toEqual(Object.keys(expected));
    for (const e of errors) {
      expect(classifyResponse(e.status, e.body), e.body.error.code).toBe(expected[e.body.error.code]);
      expect(classifyResponse(e.status, null), `${e.status} without a body`).toBe(byStatus[e.status]);
    }
    // A detail Ark may add later reads as its family.
    expect(classifyResponse(400, { error: { code: 'OutputImageSensitiveContentDetected.SomethingNew' } })).toBe(
      'refused',
    );
  });
});

describe('the request body per model', () => {
  const req = { prompt: 'p', width: 1280, height: 720 };
  it('names each model’s kind, with or without the vendor prefix', () => {
    expect(arkImageModelKind('doubao-seedream-4-0-250828')).toBe('seedream-4');
    expect(arkImageModelKind('seedream-4-5-251128')).toBe('seedream-4');
    expect(arkImageModelKind('ep-20260101-abcde')).toBe('seedream-4');
    expect(arkImageModelKind('seedream-3-0-t2i-250415')).toBe('seedream-3-t2i');
    expect(arkImageModelKind('doubao-seededit-3-0-i2i-250628')).toBe('seededit-3-i2i');
  });

  it('sends each model only what it takes', () => {
    expect(arkImagesBody('doubao-seedream-4-0-250828', req, ['data:image/png;base64,AA'])).toEqual({
      model: 'doubao-seedream-4-0-250828',
      prompt: 'p',
      image: ['data:image/png;base64,AA'],
      size: '1280x720',
      sequential_image_generation: 'disabled',
      response_format: 'b64_json',
      watermark: false,
    });
    expect(arkImagesBody('doubao-seedream-3-0-t2i-250415', req, [])).toEqual({
      model: 'doubao-seedream-3-0-t2i-250415',
      prompt: 'p',
      size: '1280x720',
      response_format: 'b64_json',
      watermark: false,
    });
    expect(arkImagesBody('doubao-seededit-3-0-i2i-250628', req, ['u'])).toMatchObject({ image: 'u', size: 'adaptive' });
  });
});
