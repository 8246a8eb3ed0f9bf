import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { upload, waitForJob } from '../helpers/api';
import { sample } from '../helpers/media-samples';

/**
 * Direct uploads against a real S3-protocol server (s3rver). It does not verify signatures, so the
 * presigned URL itself is checked for what it signs and when it expires.
 */

const BUCKET = 'studio-test';
let s3: S3rver;
let s3Dir: string;
let s3Origin: string;
let studio: StudioServer;
let broken: StudioServer;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'studio-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Origin = `http://127.0.0.1:${port}`;
  const settings = {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    STUDIO_REGION_HEADER: 'X-Test-Country',
    STUDIO_DIRECT_UPLOAD_REGIONS: 'CN,HK',
    STUDIO_DIRECT_UPLOAD_MIN_BYTES: '1000',
  };
  [studio, broken] = await Promise.all([
    startStudio({ ...settings, S3_ENDPOINT: s3Origin }),
    // A bucket that cannot be reached: signing works offline, so presigning must notice.
    startStudio({ ...settings, S3_ENDPOINT: 'http://127.0.0.1:9' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([studio?.stop(), broken?.stop()]);
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function call<T = Record<string, unknown>>(
  server: StudioServer,
  p: string,
  key: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.base}/api${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}

async function tenant(server: StudioServer) {
  const res = await call<{ tenant: { id: string }; api_key: string }>(server, '/admin', ADMIN_KEY, {
    action: 'tenant-create',
    name: `对象存储 ${Date.now()}`,
    credits: 100,
  });
  return { id: res.body.tenant.id, key: res.body.api_key };
}

async function member(server: StudioServer, tenantKey: string) {
  const res = await call<{ account: { account_id: string; api_key: string } }>(server, '/tenant-accounts', tenantKey, {
    action: 'create',
    email: `s3-${Date.now()}@example.cn`,
    nickname: '成员',
  });
  return { id: res.body.account.account_id, key: res.body.account.api_key };
}

interface Direct {
  strategy: 'direct' | 'proxy';
  reason?: string;
  key: string;
  media_type: string;
  mime: string;
  upload: { method: string; url: string; headers: Record<string, string>; expires_in: number };
  commit: { path: string; body: { key: string } };
  fallback: { path: string };
}

const CN = { 'x-test-country': 'CN' };
const objectUrl = (key: string) => `${s3Origin}/${BUCKET}/${key}`;

describe('presign strategies', () => {
  it('explains each proxy answer: region, size, and a store that cannot be reached', async () => {
    const t = await tenant(studio);
    const body = { ext: 'png', size: 5000 };
    expect((await call<Direct>(studio, '/upload-ref/presign', t.key, body)).body).toMatchObject({
      strategy: 'proxy',
      reason: 'not_cn',
      fallback: { path: '/api/upload-ref' },
    });
    expect(
      (await call<Direct>(studio, '/upload-ref/presign', t.key, body, { 'x-test-country': 'us' })).body.reason,
    ).toBe('not_cn');
    expect((await call<Direct>(studio, '/upload-ref/presign', t.key, { ext: 'png', size: 999 }, CN)).body.reason).toBe(
      'too_small',
    );
    expect(
      (await call<Direct>(studio, '/upload-ref/presign', t.key, body, { 'x-test-country': 'hk' })).body.strategy,
    ).toBe('direct');

    const b = await tenant(broken);
    const failed = await call<Direct>(broken, '/upload-ref/presign', b.key, body, CN);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      strategy: 'proxy',
      reason: 'presign_failed',
      fallback: { path: '/api/upload-ref' },
    });
  });

  it('signs one object of one type and size for a few minutes', async () => {
    const t = await tenant(studio);
    const res = await call<Direct>(
      studio,
      '/upload-ref/presign',
      t.key,
      { ext: 'jpeg', size: 4321, workspace_id: 'shop-01' },
      CN,
    );
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      strategy: 'direct',
      media_type: 'image',
      mime: 'image/jpeg',
      commit: { path: '/api/upload-ref/commit', body: { key: d.key } },
    });
    expect(d.key).toMatch(new RegExp(`^${t.id}/uploads/tenant/shop-01/[0-9a-f-]+\\.jpg$`));
    expect(d.upload).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg', 'Content-Length': '4321' },
    });
    expect(d.upload.expires_in).toBeGreaterThanOrEqual(60);
    expect(d.upload.expires_in).toBeLessThanOrEqual(900);
    const url = new URL(d.upload.url);
    expect(url.pathname).toBe(`/${BUCKET}/${d.key}`);
    const signed = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(d.upload.expires_in));
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('direct upload and commit', () => {
  it('stores the file in the bucket, answers like a proxy upload, and commits idempotently', async () => {
    const t = await tenant(studio);
    const bytes = await sample('png', 5000);
    const d = (await call<Direct>(studio, '/upload-ref/presign', t.key, { ext: 'png', size: bytes.length }, CN)).body;
    const early = await call(studio, '/upload-ref/commit', t.key, { key: d.key });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/nothing has been uploaded/);

    const put = await fetch(d.upload.url, { method: 'PUT', headers: d.upload.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    const committed = await call<{ url: string; media_type: string; mime: string; key: string }>(
      studio,
      '/upload-ref/commit',
      t.key,
      d.commit.body,
    );
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({
      ok: true,
      url: objectUrl(d.key),
      media_type: 'image',
      mime: 'image/png',
      key: d.key,
    });
    const again = await call(studio, '/upload-ref/commit', t.key, d.commit.body);
    expect(again).toEqual(committed);
    const stored = await fetch(committed.body.url);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);

    const other = await tenant(studio);
    expect((await call(studio, '/upload-ref/commit', other.key, d.commit.body)).status).toBe(404);
    const m = await member(studio, t.key);
    expect((await call(studio, '/upload-ref/commit', m.key, d.commit.body)).status).toBe(404);
  });

  it('deletes the object and answers 400 when the bytes or the size differ from the declaration', async () => {
    const t = await tenant(studio);
    const png = await call<Direct>(studio, '/upload-ref/presign', t.key, { ext: 'png', size: 6000 }, CN);
    const mp3 = await sample('mp3', 6000);
    expect(
      (await fetch(png.body.upload.url, { method: 'PUT', headers: png.body.upload.headers, body: new Uint8Array(mp3) }))
        .status,
    ).toBe(200);
    const mismatch = await call(studio, '/upload-ref/commit', t.key, { key: png.body.key });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/type mismatch: png was declared, the bytes are mp3/);
    expect((await fetch(objectUrl(png.body.key))).status).toBe(404);
    expect((await call(studio, '/upload-ref/commit', t.key, { key: png.body.key })).status).toBe(400);

    const sized = await call<Direct>(studio, '/upload-ref/presign', t.key, { ext: 'png', size: 6000 }, CN);
    // This test store does not check signatures, so a body of another size gets in; the commit catches it.
    await fetch(sized.body.upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(await sample('png', 7000)),
    });
    const wrongSize = await call(studio, '/upload-ref/commit', t.key, { key: sized.body.key });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.error).toMatch(/size mismatch: 6000 bytes were declared, 7000 arrived/);
    expect((await fetch(objectUrl(sized.body.key))).status).toBe(404);
  });

  it('deletes the object and answers 400 when an image has the right header but does not decode', async () => {
    const t = await tenant(studio);
    const raw = Buffer.alloc(200 * 150 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(raw, { raw: { width: 200, height: 150, channels: 3 } })
      .jpeg()
      .toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const d = (await call<Direct>(studio, '/upload-ref/presign', t.key, { ext: 'jpg', size: cut.length }, CN)).body;
    expect(d.strategy).toBe('direct');
    expect(
      (await fetch(d.upload.url, { method: 'PUT', headers: d.upload.headers, body: new Uint8Array(cut) })).status,
    ).toBe(200);
    const refused = await call(studio, '/upload-ref/commit', t.key, d.commit.body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^The file is not a valid image: its data does not decode .*the uploaded object was deleted$/,
      ),
    });
    expect((await fetch(objectUrl(d.key))).status).toBe(404);
    expect((await call(studio, '/upload-ref/commit', t.key, d.commit.body)).status).toBe(400);
  });
});

describe('the bucket as the file store', () => {
  it('keeps proxy uploads and generated results in the bucket, and generates from an uploaded reference', async () => {
    const t = await tenant(studio);
    const up = await upload(studio.base, t.key, await sample('png', 3000));
    expect(up.status).toBe(200);
    expect(up.body.url).toBe(objectUrl(up.body.key));
    expect((await fetch(up.body.url)).status).toBe(200);

    const gen = await call<{ jobId: string }>(studio, '/generate', t.key, {
      prompt: '把这张图变成水彩风格',
      reference_images: [up.body.url],
      quality: 'low',
    });
    expect(gen.status).toBe(200);
    const job = await waitForJob(t.key, gen.body.jobId, undefined, studio.base);
    expect(job.status).toBe('done');
    expect(job.cdn_url).toMatch(new RegExp(`^${objectUrl(`${t.id}/results/`)}`));
    const result = await fetch(job.cdn_url ?? '');
    expect(result.headers.get('content-type')).toBe('image/png');
  });
});
