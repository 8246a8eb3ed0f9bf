import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '@/server/upstreams/types';
import { dashscope } from './dashscope';
import { qwenEditBody, type QwenEditRequest } from './dashscope-edit';
import { isEditModel, submissionOf } from './dashscope-request';

/**
 * Studio's DashScope requests beside the documented ones (tests/fixtures/dashscope/requests.json, after
 * the API reference's curl examples; no official Node client exists, the Python SDK 1.26.2 was read for
 * the field names): method, path, query, key, required headers, and the body's fields and types.
 */

interface Documented {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}
const documented = JSON.parse(
  readFileSync(join(process.cwd(), 'tests/fixtures/dashscope/requests.json'), 'utf8'),
) as Record<string, Documented>;

function doc(name: string): Documented {
  const d = documented[name];
  if (!d) throw new Error(`no documented request ${name}`);
  return d;
}

/** Every leaf of a JSON value as `path: type` (arrays by their items). */
function shape(value: unknown, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(value)) {
    out[at] = 'array';
    for (const v of value as unknown[]) Object.assign(out, shape(v, `${at}[]`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) Object.assign(out, shape(v, at ? `${at}.${k}` : k));
  } else out[at] = typeof value;
  return out;
}

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
    const status = req.url?.endsWith('/cancel') ? undefined : req.method === 'GET' ? 'RUNNING' : 'PENDING';
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.endsWith('/multimodal-generation/generation'))
      return res.end(
        JSON.stringify({
          request_id: 'r',
          output: { choices: [{ message: { content: [{ image: 'http://x/1.png' }] } }] },
        }),
      );
    res.end(
      JSON.stringify({ request_id: 'r', ...(status ? { output: { task_id: 'task-1', task_status: status } } : {}) }),
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
  adapter: 'dashscope',
  baseUrl: base,
  apiKey: 'k',
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);
const png = { data: Buffer.from('89504e47', 'hex'), mime: 'image/png', filename: 'a.png' };

async function last(run: () => Promise<unknown>): Promise<Seen> {
  seen.length = 0;
  await run();
  const r = seen[0];
  if (!r) throw new Error('no request');
  return r;
}

/** `optional`: fields Studio adds that the reference lists as optional; `omitted`: documented optional fields Studio leaves out. */
function expectLike(studio: Seen, doc: Documented, optional: string[] = [], omitted: string[] = []): void {
  expect(studio.method).toBe(doc.method);
  expect(studio.url).toBe(`/base${doc.path.replace('{task_id}', 'task-1')}`);
  for (const [name, value] of Object.entries(doc.headers))
    expect(studio.headers[name.toLowerCase()], name).toBe(value.replace('$DASHSCOPE_API_KEY', 'k'));
  if (!doc.body) return expect(studio.body).toBe('');
  const ours = shape(JSON.parse(studio.body));
  const theirs = Object.fromEntries(Object.entries(shape(doc.body)).filter(([k]) => !omitted.includes(k)));
  // Every documented field with its type; extra fields only those the reference lists as optional.
  expect(Object.fromEntries(Object.entries(ours).filter(([k]) => !optional.includes(k)))).toEqual(theirs);
}

describe('Studio’s DashScope requests beside the API reference’s', () => {
  it('text-to-image (Wan 2.2, Qwen-Image): the async header, the path, the key and the body’s fields and types', async () => {
    const req = { prompt: 'A flower shop', width: 1024, height: 1024 };
    expectLike(await last(() => dashscope.submit(target('wan2.2-t2i-flash'), req, signal())), doc('wan-t2i'));
    const qwen = { prompt: 'A coffee shop', width: 1328, height: 1328 };
    expectLike(await last(() => dashscope.submit(target('qwen-image-plus'), qwen, signal())), doc('qwen-image'));
  });

  it('image edit: the image2image path, references as data URIs in input.images', async () => {
    const studio = await last(() =>
      dashscope.submit(
        target('wan2.5-i2i-preview'),
        { prompt: 'Change the dress', width: 1280, height: 1280, referenceImages: [png] },
        signal(),
      ),
    );
    expectLike(studio, doc('wan-i2i'), ['parameters.prompt_extend', 'parameters.watermark']);
    expect((JSON.parse(studio.body) as { input: { images: string[] } }).input.images).toEqual([
      'data:image/png;base64,iVBORw==',
    ]);
  });

  it('Qwen-Image-Edit: one synchronous call, the images then the instruction as one user message', async () => {
    const req = { prompt: 'Replace the background', width: 1536, height: 1024, referenceImages: [png] };
    const studio = await last(() => dashscope.submit(target('qwen-image-edit-plus'), req, signal()));
    // negative_prompt is optional in the reference: Studio has none to send.
    expectLike(studio, doc('qwen-image-edit'), [], ['parameters.negative_prompt']);
    expect(studio.headers['x-dashscope-async']).toBeUndefined();
    const body = JSON.parse(studio.body) as QwenEditRequest;
    expect(body.input.messages[0].content).toEqual([
      { image: 'data:image/png;base64,iVBORw==' },
      { text: 'Replace the background' },
    ]);
    expect(body.parameters).toEqual({ n: 1, size: '1536*1024', prompt_extend: false, watermark: false });
    // qwen-image-edit itself takes no size, n or prompt rewriting: only the watermark switch is sent.
    const plain = await last(() => dashscope.submit(target('qwen-image-edit'), req, signal()));
    expect((JSON.parse(plain.body) as QwenEditRequest).parameters).toEqual({ watermark: false });
    // The call is the whole task: it is done with the answer's image.
    await expect(dashscope.submit(target('qwen-image-edit'), req, signal())).resolves.toMatchObject({
      status: 'succeeded',
      image: { url: 'http://x/1.png' },
    });
    expect(() => qwenEditBody('qwen-image-edit', { ...req, referenceImages: [] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(() => qwenEditBody('qwen-image-edit-plus', { ...req, referenceImages: [png, png, png, png] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
  });

  it('Wan 2.1 image editing: the image2image path, a function and the base image as a data URI, no size', async () => {
    const req = { prompt: 'Make it a watercolour', width: 1024, height: 1024, referenceImages: [png] };
    const studio = await last(() => dashscope.submit(target('wanx2.1-imageedit'), req, signal()));
    // watermark is optional in the reference; Studio turns it off.
    expectLike(studio, doc('wanx-imageedit'), ['parameters.watermark']);
    expect((JSON.parse(studio.body) as { input: Record<string, string> }).input).toEqual({
      function: 'description_edit',
      prompt: 'Make it a watercolour',
      base_image_url: 'data:image/png;base64,iVBORw==',
    });
    expect(() => submissionOf('wanx2.1-imageedit', { ...req, referenceImages: [png, png] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(() => submissionOf('wanx2.1-imageedit', { ...req, referenceImages: [] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
  });

  it('the query and the cancel: the task path, the key, no body', async () => {
    expectLike(await last(() => dashscope.get(target('m'), 'task-1', signal())), doc('query'));
    expectLike(await last(() => dashscope.cancel(target('m'), 'task-1', signal())), doc('cancel'));
    const probe = await last(() => dashscope.probe(target('m'), signal()));
    expect([probe.method, probe.url, probe.headers.authorization]).toEqual([
      'GET',
      '/base/api/v1/tasks?page_no=1&page_size=1',
      'Bearer k',
    ]);
  });

  it('refuses what a model cannot take before calling: references to a text-to-image model, none to an edit model, a mask', () => {
    expect(isEditModel('wan2.5-i2i-preview')).toBe(true);
    expect(isEditModel('wan2.2-t2i-flash')).toBe(false);
    const req = { prompt: 'p', width: 1024, height: 1024 };
    expect(() => submissionOf('wan2.2-t2i-flash', { ...req, referenceImages: [png] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(() => submissionOf('wan2.5-i2i-preview', req)).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(() => submissionOf('wan2.2-t2i-flash', { ...req, mask: png })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(submissionOf('wan2.2-t2i-flash', { ...req, width: 1440, height: 810 }).body.parameters.size).toBe(
      '1440*810',
    );
  });
});
