import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant, upload } from '../helpers/api';
import { sample, SAMPLE_EXTS } from '../helpers/media-samples';

const MB = 1024 * 1024;
const base = () => inject('apiBase');
const EXPECTED: Record<string, [string, string]> = {
  png: ['image', 'image/png'],
  jpg: ['image', 'image/jpeg'],
  webp: ['image', 'image/webp'],
  gif: ['image', 'image/gif'],
  mp3: ['audio', 'audio/mpeg'],
  wav: ['audio', 'audio/wav'],
  m4a: ['audio', 'audio/mp4'],
  flac: ['audio', 'audio/flac'],
  ogg: ['audio', 'audio/ogg'],
  mp4: ['video', 'video/mp4'],
  mov: ['video', 'video/quicktime'],
  webm: ['video', 'video/webm'],
};

/** Every file stored for a tenant, relative to its folder. */
function storedFiles(tenantId: string): string[] {
  const dir = path.join(inject('dataDir'), 'files', tenantId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Raw RGB bytes that do not compress away, so a cut keeps the header but loses pixel data. */
function noise(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let x = 7;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return raw;
}

const tmpFiles = () => {
  const dir = path.join(inject('dataDir'), 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('proxy upload: types from the bytes', () => {
  it('stores every allowed type and serves it back with its type', async () => {
    const t = await newTenant();
    for (const ext of SAMPLE_EXTS) {
      const bytes = await sample(ext, 2048);
      const res = await upload(base(), t.key, bytes, { filename: `样本.${ext}` });
      expect(res.status, ext).toBe(200);
      const [media, mime] = EXPECTED[ext] ?? [];
      expect(res.body, ext).toMatchObject({ ok: true, media_type: media, mime, size: bytes.length });
      expect(res.body.url).toMatch(new RegExp(`/files/${t.id}/uploads/tenant/[0-9a-f-]+\\.${ext}$`));
      const served = await fetch(res.body.url);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('trusts the bytes, not the name or declared type: a JPEG sent as PNG is stored as .jpg', async () => {
    const t = await newTenant();
    const res = await upload(base(), t.key, await sample('jpg'), { filename: 'photo.png', type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.mime).toBe('image/jpeg');
    expect(res.body.url).toMatch(/\.jpg$/);
  });

  it('refuses unrecognised bytes and empty files with 400, storing nothing', async () => {
    const t = await newTenant();
    const text = await upload(base(), t.key, Buffer.from('这不是图片，只是一段文字。'.repeat(50)), {
      filename: 'fake.png',
      type: 'image/png',
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/not a supported image, audio or video file/);
    const pdf = await upload(base(), t.key, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000)]));
    expect(pdf.status).toBe(400);
    const empty = await upload(base(), t.key, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(storedFiles(t.id)).toEqual([]);
  });

  it('refuses an image whose header is right but whose data is cut short or damaged, storing nothing', async () => {
    const t = await newTenant();
    const photo = sharp(noise(320, 240), { raw: { width: 320, height: 240, channels: 3 } });
    for (const [ext, whole] of [
      ['png', await photo.clone().png().toBuffer()],
      ['jpg', await photo.clone().jpeg().toBuffer()],
      ['webp', await photo.clone().webp().toBuffer()],
    ] as const) {
      const cut = await upload(base(), t.key, whole.subarray(0, Math.floor(whole.length * 0.6)), {
        filename: `cut.${ext}`,
      });
      expect(cut.status, ext).toBe(400);
      expect(cut.body, ext).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^The file is not a valid image: its data does not decode/),
      });
      expect((await upload(base(), t.key, whole, { filename: `whole.${ext}` })).status, ext).toBe(200);
    }
    expect(storedFiles(t.id)).toHaveLength(3);
    expect(tmpFiles()).toEqual([]);
    // Audio and video keep their own checks: only the leading bytes decide.
    expect((await upload(base(), t.key, await sample('mp3', 3000))).status).toBe(200);
  });

  it('groups files per tenant, per member and per workspace_id', async () => {
    const t = await newTenant();
    const member = await newMember(t.key);
    const a = await upload(base(), t.key, await sample('png'), { workspace: 'campaign_2026-11' });
    expect(a.body.key).toMatch(new RegExp(`^${t.id}/uploads/tenant/campaign_2026-11/`));
    const b = await upload(base(), member.key, await sample('png'), { workspace: 'mine' });
    expect(b.body.key).toMatch(new RegExp(`^${t.id}/uploads/m-${member.id}/mine/`));
    const bad = await upload(base(), t.key, await sample('png'), { workspace: '../escape' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/workspace_id/);
  });

  it('answers clear errors for a wrong request shape', async () => {
    const t = await newTenant();
    const json = await api('/upload-ref', { key: t.key, body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await upload(base(), t.key, null)).status).toBe(400);
    const wrongField = await upload(base(), t.key, await sample('png'), { field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toMatch(/field named "file"/);
    // Refused before the body is read: the client still gets the answer, not a broken connection.
    const big = await sample('mp4', 5 * MB);
    for (let i = 0; i < 3; i++) {
      const refused = await upload(base(), 'sk-studio-nope', big);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatch(/API key/);
    }
    expect((await api('/upload-ref', { key: t.key })).status).toBe(405);
  });
});

describe('proxy upload: limits', () => {
  it('enforces each type’s limit while streaming: 413, and no file or partial file is left', async () => {
    const t = await newTenant();
    const atLimit = await upload(base(), t.key, await sample('png', 8 * MB));
    expect(atLimit.status).toBe(200);
    const before = storedFiles(t.id);
    for (const [ext, size] of [
      ['png', 8 * MB + 1],
      ['mp3', 20 * MB + 1],
      ['mp4', 50 * MB + 1],
    ] as const) {
      const res = await upload(base(), t.key, await sample(ext, size));
      expect(res.status, ext).toBe(413);
      expect(res.body.error).toMatch(/larger than the .* allowed/);
    }
    const audio = await upload(base(), t.key, await sample('wav', 12 * MB));
    expect(audio.status).toBe(200);
    expect(storedFiles(t.id)).toHaveLength(before.length + 1);
    expect(tmpFiles()).toEqual([]);
  });

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    const t = await newTenant();
    const url = new URL(`${base()}/api/upload-ref`);
    const boundary = '----studio-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'x-api-key': t.key,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(30 * MB),
          },
        },
        () => resolve(),
      );
      req.on('error', () => resolve());
      void sample('mp4', 4 * MB).then((part) => {
        req.write(head);
        req.write(part, () => setTimeout(() => req.destroy(), 200));
      });
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(storedFiles(t.id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('allows 120 files an hour per owner, then 429 with Retry-After; members have their own allowance', async () => {
    const t = await newTenant();
    const member = await newMember(t.key);
    const png = await sample('png');
    for (let i = 0; i < 120; i++) {
      const res = await upload(base(), t.key, png);
      if (res.status !== 200) throw new Error(`upload ${i + 1} failed: ${JSON.stringify(res.body)}`);
    }
    const over = await upload(base(), t.key, png);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body.error).toMatch(/120 uploaded files per hour/);
    const presign = await api<{ error: string }>('/upload-ref/presign', {
      key: t.key,
      body: { ext: 'png', size: 100 },
    });
    expect(presign.status).toBe(200);
    expect((await upload(base(), member.key, png)).status).toBe(200);
    const other = await newTenant();
    expect((await upload(base(), other.key, png)).status).toBe(200);
  });
});

describe('serving uploads', () => {
  it('answers byte ranges for video players', async () => {
    const t = await newTenant();
    const video = await sample('mp4', 10_000);
    const up = await upload(base(), t.key, video);
    const part = await fetch(up.body.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
  });

  it('parses Range per RFC 9110: malformed or multiple ranges get the whole file, unsatisfiable ones 416', async () => {
    const t = await newTenant();
    const bytes = await sample('png', 200);
    const up = await upload(base(), t.key, bytes);
    expect(up.status).toBe(200);
    const get = async (range: string) => {
      const res = await fetch(up.body.url, { headers: { range } });
      return {
        status: res.status,
        range: res.headers.get('content-range'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };
    for (const range of ['bytes=-', 'bytes=abc', 'bytes=5-2', 'items=0-5', 'bytes=0-1,3-4']) {
      const whole = await get(range);
      expect(whole.status, range).toBe(200);
      expect(whole.range, range).toBeNull();
      expect(whole.body.equals(bytes), range).toBe(true);
    }
    for (const range of ['bytes=200-', 'bytes=-0']) {
      const none = await get(range);
      expect(none.status, range).toBe(416);
      expect(none.range, range).toBe('bytes */200');
    }
    const tail = await get('bytes=-10');
    expect([tail.status, tail.range]).toEqual([206, 'bytes 190-199/200']);
    expect(tail.body.equals(bytes.subarray(190))).toBe(true);
    const longSuffix = await get('bytes=-500');
    expect([longSuffix.status, longSuffix.range]).toEqual([206, 'bytes 0-199/200']);
    const open = await get('bytes=197-');
    expect([open.status, open.range, open.body.length]).toEqual([206, 'bytes 197-199/200', 3]);
  });

  it('lists the caller’s own uploads, newest first', async () => {
    const t = await newTenant();
    const member = await newMember(t.key);
    const first = await upload(base(), t.key, await sample('png'), { filename: '春季主图.png' });
    const second = await upload(base(), t.key, await sample('mp3'), { filename: '配音 第1版.mp3' });
    await upload(base(), member.key, await sample('gif'));
    const list = await api<{ uploads: { key: string; media_type: string; filename: string | null }[] }>('/uploads', {
      key: t.key,
    });
    expect(list.body.uploads.map((u) => u.key)).toEqual([second.body.key, first.body.key]);
    expect(list.body.uploads.map((u) => u.filename)).toEqual(['配音 第1版.mp3', '春季主图.png']);
    const mine = await api<{ uploads: { key: string }[] }>('/uploads', { key: member.key });
    expect(mine.body.uploads).toHaveLength(1);
  });
});

describe('presign without a bucket', () => {
  it('answers proxy / not_configured after checking the declared type and size', async () => {
    const t = await newTenant();
    const ok = await api<Record<string, unknown>>('/upload-ref/presign', {
      key: t.key,
      body: { ext: 'PNG', size: 5 * MB },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      ok: true,
      strategy: 'proxy',
      reason: 'not_configured',
      fallback: { path: '/api/upload-ref' },
    });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ext: 'exe', size: 10 }, 400, /ext: "exe" is not an allowed type/],
      [{ ext: 'png', size: 8 * MB + 1 }, 413, /8 MB/],
      [{ ext: 'mov', size: 50 * MB + 1 }, 413, /50 MB/],
      [{ ext: 'png', size: 0 }, 400, /size/],
      [{ ext: 'png', size: 1.5 }, 400, /size/],
      [{ ext: 'png' }, 400, /size/],
    ];
    for (const [body, status, error] of cases) {
      const res = await api<{ error: string }>('/upload-ref/presign', { key: t.key, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    const commit = await api('/upload-ref/commit', { key: t.key, body: { key: `${t.id}/uploads/tenant/nothing.png` } });
    expect(commit.status).toBe(404);
  });
});
