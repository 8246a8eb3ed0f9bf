import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from './types';
import { verifyImage } from './verify';

const png = (alpha: boolean) =>
  sharp({
    create: {
      width: 64,
      height: 48,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : '#fff',
    },
  })
    .png()
    .toBuffer();

describe('verifying upstream images', () => {
  it('accepts a whole PNG and reports its size', async () => {
    expect(await verifyImage(await png(false), { format: 'png' })).toMatchObject({
      format: 'png',
      width: 64,
      height: 48,
      transparent: false,
    });
  });

  it('reads JPEG and WebP answers by their headers', async () => {
    const whole = await png(false);
    expect(await verifyImage(await sharp(whole).jpeg().toBuffer(), {})).toMatchObject({
      format: 'jpeg',
      mime: 'image/jpeg',
      width: 64,
      height: 48,
    });
    expect(await verifyImage(await sharp(whole).webp().toBuffer(), {})).toMatchObject({
      format: 'webp',
      mime: 'image/webp',
      width: 64,
      height: 48,
    });
  });

  it('rejects truncated, undecodable, wrongly formatted and opaque-for-transparent images as bad output', async () => {
    const whole = await png(false);
    const cases: [Buffer, Parameters<typeof verifyImage>[1]][] = [
      [whole.subarray(0, Math.floor(whole.length / 2)), { format: 'png' }],
      [Buffer.from('<html>not an image</html>'), { format: 'png' }],
      // A PNG signature, then no header chunk.
      [
        Buffer.concat([whole.subarray(0, 8), Buffer.alloc(64, 0x20), whole.subarray(whole.length - 12)]),
        { format: 'png' },
      ],
      [Buffer.alloc(0), {}],
      [await sharp(whole).jpeg().toBuffer(), { format: 'png' }],
      [whole, { format: 'png', transparent: true }],
    ];
    for (const [data, expect_] of cases) {
      const err = await verifyImage(data, expect_).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as UpstreamError).errorClass).toBe('bad_output');
    }
  });

  it('accepts a transparent PNG only when some pixels are transparent', async () => {
    expect((await verifyImage(await png(true), { format: 'png', transparent: true })).transparent).toBe(true);
    const opaqueAlpha = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await expect(verifyImage(opaqueAlpha, { format: 'png', transparent: true })).rejects.toThrow(
      /no transparent pixels/,
    );
  });
});
