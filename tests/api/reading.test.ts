import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant, sim, upload } from '../helpers/api';
import { sample } from '../helpers/media-samples';

const FIELDS = [
  'ok',
  'sculpt',
  'prompt',
  'prompt_cn',
  'style_tags',
  'aspect_ratio',
  'zh_name',
  'description',
  'genre',
  'ratio',
  'body_md',
].sort();
const SCULPT = ['subject', 'composition', 'universe', 'light', 'print', 'texture'].sort();

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();

/** Sends a multipart form to /api/reverse. */
async function reverseForm(key: string, parts: Record<string, Buffer | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), 'poster.png');
  }
  const res = await fetch(`${inject('apiBase')}/api/reverse`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/reverse', () => {
  let key: string;
  let wide: string;

  beforeAll(async () => {
    key = (await newTenant({ credits: 1000 })).key;
    const up = await upload(inject('apiBase'), key, await png(1600, 900), { filename: '海报.png' });
    expect(up.status).toBe(200);
    wide = up.body.url;
  });

  afterEach(async () => {
    await sim('/__sim/faults', { method: 'DELETE' });
  });

  it('reads an uploaded image by its address: exactly the fixed field set, the ratio from its real size, charged', async () => {
    const before = await balance(key);
    const res = await api<Record<string, unknown>>('/reverse', { key, body: { image_url: wide } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(Object.keys(res.body.sculpt as object).sort()).toEqual(SCULPT);
    expect(res.body.ratio).toBe('16:9');
    expect(
      Array.isArray(res.body.style_tags) && (res.body.style_tags as unknown[]).every((t) => typeof t === 'string'),
    ).toBe(true);
    expect(await balance(key)).toBe(before - 2);
  });

  it('reads a multipart file the same way, and members may call it', async () => {
    const member = await newMember(key);
    const res = await reverseForm(member.key, { file: await png(600, 800) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body.ratio).toBe('3:4');
  });

  it('wants exactly one image', async () => {
    const neither = await api('/reverse', { key, body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ ok: false, error: expect.stringContaining('image_url') });
    const both = await reverseForm(key, { file: await png(10, 10), image_url: wide });
    expect(both.status).toBe(400);
    expect(both.body.error).toContain('not both');
  });

  it('refuses the removed parameters, saying where they went, and any other parameter', async () => {
    for (const name of ['variablize', 'variables', 'variable_labels', 'create_template', 'template', 'async']) {
      const res = await api<{ error: string }>('/reverse', { key, body: { image_url: wide, [name]: true } });
      expect(res.status, name).toBe(400);
      expect(res.body.error).toContain('/api/image-to-template');
      expect(res.body.error).toContain(name);
    }
    const multipart = await reverseForm(key, { file: await png(10, 10), async: 'true' });
    expect(multipart.status).toBe(400);
    const other = await api<{ error: string }>('/reverse', { key, body: { image_url: wide, quality: 'high' } });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('quality');
  });

  it('decides the type from the bytes, caps the size at 6 MB and refuses what does not decode', async () => {
    const gif = await reverseForm(key, { file: await sample('gif') });
    expect(gif.status).toBe(400);
    const text = await reverseForm(key, { file: Buffer.from('not an image at all, despite the name') });
    expect(text.status).toBe(400);
    const real = await png(64, 64);
    const cut = await reverseForm(key, { file: real.subarray(0, Math.floor(real.length * 0.6)) });
    expect(cut.status).toBe(400);
    expect(String(cut.body.error)).toContain('not a valid image');
    const big = await reverseForm(key, { file: await sample('png', 6 * 1024 * 1024 + 10) });
    expect(big.status).toBe(400);
    expect(String(big.body.error)).toContain('6 MB');
  });

  it('refuses addresses that are not public, in every spelling', async () => {
    for (const url of [
      'http://127.0.0.1/a.png',
      'http://localhost/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
      'http://2130706433/a.png',
      'http://0177.0.0.1/a.png',
      'http://0x7f.1/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://[::1]/a.png',
      'ftp://example.com/a.png',
    ]) {
      const res = await api<{ error: string }>('/reverse', { key, body: { image_url: url } });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toContain('image_url');
    }
  });

  it('reads a Studio file only for its owner', async () => {
    const other = await newTenant({ credits: 100 });
    const res = await api<{ error: string }>('/reverse', { key: other.key, body: { image_url: wide } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('only files served by Studio that are yours');
  });

  it('moves past an unusable answer to the next upstream, and refunds when every upstream fails', async () => {
    const before = await balance(key);
    expect((await sim('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'bad_output' } })).status).toBe(200);
    const recovered = await api('/reverse', { key, body: { image_url: wide } });
    expect(recovered.status).toBe(200);
    expect(await balance(key)).toBe(before - 2);
    await sim('/__sim/faults', { json: { channel: 'sim-chat-b', fault: 'bad_output' } });
    const failed = await api<{ error: string }>('/reverse', { key, body: { image_url: wide } });
    expect(failed.status).toBe(503);
    expect(await balance(key)).toBe(before - 2);
  });
});
