import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '@/server/upstreams/types';
import { classifyResponse, download, readBounded, upstreamPost } from './http';

describe('classifyResponse', () => {
  it('takes an answer that names the input as invalid for the caller’s error, on a 4xx only', () => {
    // The shape the OpenAI Images API answers for an image that does not decode.
    const invalidImage = {
      error: {
        message: 'Invalid image file or mode for image 1, please check your image file.',
        type: 'image_generation_user_error',
        param: null,
        code: 'invalid_image_file',
      },
    };
    expect(classifyResponse(400, invalidImage)).toBe('invalid_input');
    for (const code of ['invalid_image', 'invalid_image_format', 'invalid_image_url']) {
      expect(classifyResponse(400, { error: { type: 'invalid_request_error', code } }), code).toBe('invalid_input');
    }
    expect(classifyResponse(500, invalidImage)).toBe('server_error');
  });

  it('takes a moderation refusal for the caller’s content, on a 4xx only, whatever detail Ark adds to the code', () => {
    // OpenAI Images' answer when its safety system blocks a prompt or an image.
    const blocked = {
      error: {
        message: 'Your request was rejected by the safety system.',
        type: 'image_generation_user_error',
        param: null,
        code: 'moderation_blocked',
      },
    };
    expect(classifyResponse(400, blocked)).toBe('refused');
    expect(classifyResponse(400, { error: { type: 'invalid_request_error', code: 'content_policy_violation' } })).toBe(
      'refused',
    );
    expect(classifyResponse(400, { error: { code: 'InputTextSensitiveContentDetected', message: '...' } })).toBe(
      'refused',
    );
    expect(
      classifyResponse(400, {
        error: { code: 'InputImageSensitiveContentDetected.PrivacyInformation', message: '...' },
      }),
    ).toBe('refused');
    expect(classifyResponse(500, blocked)).toBe('server_error');
    // Only the family before the dot counts: an unknown family is not a refusal.
    expect(classifyResponse(400, { error: { code: 'Something.InputTextSensitiveContentDetected' } })).toBe(
      'bad_request',
    );
  });

  it('keeps other refusals apart', () => {
    expect(classifyResponse(400, { error: { type: 'invalid_request_error', code: null } })).toBe('bad_request');
    expect(classifyResponse(400, { error: { type: 'invalid_request_error', code: 'unsupported_parameter' } })).toBe(
      'unsupported',
    );
    expect(classifyResponse(400, { error: { code: 'InvalidParameter', type: 'BadRequest' } })).toBe('bad_request');
    expect(classifyResponse(429, { error: { code: 'rate_limit_exceeded' } })).toBe('rate_limit');
    expect(classifyResponse(401, null)).toBe('invalid_key');
  });
});

describe('readBounded', () => {
  const chunks = () => [Buffer.from('{"a":'), Buffer.from('"一二三"'), Buffer.from('}')];
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof UpstreamError ? e.errorClass : e),
    );

  it('reads a Node stream or a web stream whole when it fits', async () => {
    const open = new AbortController().signal;
    expect((await readBounded(Readable.from(chunks()), 100, open)).toString()).toBe('{"a":"一二三"}');
    expect(
      (
        await readBounded(new Response(Buffer.concat(chunks())).body as ReadableStream<Uint8Array>, 100, open)
      ).toString(),
    ).toBe('{"a":"一二三"}');
    expect((await readBounded(Readable.from([Buffer.alloc(16)]), 16, open)).length).toBe(16);
  });

  it('gives up on a body past the limit as bad output, without reading the rest', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1;
        this.push(Buffer.alloc(1024));
      },
    });
    expect(await failure(readBounded(endless, 10_000, new AbortController().signal))).toBe('bad_output');
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(50);
    let pulled = 0;
    const web = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 1;
        c.enqueue(new Uint8Array(1024));
      },
    });
    expect(await failure(readBounded(web, 10_000, new AbortController().signal))).toBe('bad_output');
    expect(pulled).toBeLessThan(50);
  });

  it('tells a body that broke off (network) from one cut by the call’s time-out', async () => {
    const broken = () =>
      new Readable({
        read() {
          this.destroy(new Error('socket hang up'));
        },
      });
    expect(await failure(readBounded(broken(), 100, new AbortController().signal))).toBe('network');
    expect(await failure(readBounded(broken(), 100, AbortSignal.abort()))).toBe('timeout');
  });
});

describe('answers of a real HTTP server', () => {
  let server: Server;
  let base = '';
  let served = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/chunked') {
        // No length header: only the bytes tell the size.
        res.writeHead(200, { 'content-type': 'image/png' });
        const timer = setInterval(() => {
          served += 1;
          if (!res.write(Buffer.alloc(4096)) || served > 500) clearInterval(timer);
        }, 1);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (req.url === '/small') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(100, 7));
        return;
      }
      // An error answer far longer than anyone reads to classify it.
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end(`{"error":{"code":"rate_limit_exceeded","message":"${'x'.repeat(200_000)}"}}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stops a download at the limit even without a length header, and takes one within it', async () => {
    const failed = await download(`${base}/chunked`, new AbortController().signal, 20_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(UpstreamError);
    expect((failed as UpstreamError).errorClass).toBe('bad_output');
    expect(served).toBeLessThan(100);
    const small = await download(`${base}/small`, new AbortController().signal, 20_000);
    expect(small.data.equals(Buffer.alloc(100, 7))).toBe(true);
    expect(small.contentType).toBe('image/png');
  });

  it('drops a download answering an error unread, as bad output (the dropped stream raises nothing)', async () => {
    const failed = await download(`${base}/gone`, new AbortController().signal, 20_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(UpstreamError);
    expect((failed as UpstreamError).errorClass).toBe('bad_output');
    expect((failed as UpstreamError).status).toBe(429);
    // The aborted body's 'error' event would surface here, uncaught, if nothing listened to it.
    await new Promise((r) => setTimeout(r, 20));
  });

  it('classifies an error answer too long to read by its status alone', async () => {
    const target = { baseUrl: base, apiKey: 'k', model: 'm' } as Parameters<typeof upstreamPost>[0];
    const failed = await upstreamPost(target, '/v1/chat/completions', '{}', new AbortController().signal).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(UpstreamError);
    expect((failed as UpstreamError).errorClass).toBe('rate_limit');
    expect((failed as UpstreamError).message).toBe('HTTP 429');
    expect((failed as UpstreamError).retryAfterMs).toBe(3000);
  });
});
