import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { UPLOAD_TYPES } from './file-types';
import { assertDecodableImage, imageProblem, MAX_IMAGE_PIXELS } from './image-check';

const type = (ext: string) => {
  const t = UPLOAD_TYPES[ext];
  if (!t) throw new Error(ext);
  return t;
};

/** A picture that does not compress away: its data spans most of the file. */
function noisy(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  let x = 12345;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const encoders = {
  png: (s: Sharp) => s.png(),
  jpg: (s: Sharp) => s.jpeg(),
  webp: (s: Sharp) => s.webp({ lossless: true }),
  gif: (s: Sharp) => s.gif(),
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-image-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('image decode check', () => {
  it.each(Object.keys(encoders) as (keyof typeof encoders)[])(
    'accepts a whole %s, also zero-padded, and refuses it cut short',
    async (ext) => {
      const whole = await encoders[ext](noisy(256, 256)).toBuffer();
      expect(await imageProblem(whole, type(ext), 't')).toBeNull();
      expect(await imageProblem(Buffer.concat([whole, Buffer.alloc(4096)]), type(ext), 't')).toBeNull();

      // Right magic bytes and header, data cut off after 60%.
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
      const file = path.join(dir, `cut.${ext}`);
      writeFileSync(file, truncated);
      const err = await assertDecodableImage(file, type(ext), 't').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).message).toMatch(/^The file is not a valid image: .+; nothing was stored$/);
    },
  );

  it('refuses data that is damaged after a valid header', async () => {
    const whole = await noisy(256, 256).png().toBuffer();
    const damaged = Buffer.concat([whole.subarray(0, 200), Buffer.alloc(whole.length - 200, 0x5a)]);
    expect(await imageProblem(damaged, type('png'), 't')).toEqual(expect.any(String));
  });

  it('passes a large valid photo and refuses more pixels than it decodes, without decoding them', async () => {
    const photo = await noisy(4000, 3000).jpeg({ quality: 80 }).toBuffer();
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    const file = path.join(dir, 'photo.jpg');
    writeFileSync(file, photo);
    await expect(assertDecodableImage(file, type('jpg'), 't')).resolves.toBeUndefined();

    // A small file that would decode to far more than the limit (a decompression bomb).
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const started = Date.now();
    expect(await imageProblem(bomb, type('png'), 't')).toMatch(/more than the 67 million checked/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('leaves audio and video to their own checks', async () => {
    expect(await imageProblem(Buffer.from('ID3 not decoded'), type('mp3'), 't')).toBeNull();
    expect(await imageProblem(Buffer.alloc(64), type('mp4'), 't')).toBeNull();
  });
});
