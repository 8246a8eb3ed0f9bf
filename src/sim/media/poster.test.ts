import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  aspectRatio,
  parsePosterSpec,
  pngSize,
  positionWords,
  POSTER_CHUNK_KEYWORD,
  PosterSpecError,
  readPngDataUrl,
  readPosterLayers,
  renderPoster,
  type PosterSpec,
} from './poster';

const SPEC: PosterSpec = {
  width: 600,
  height: 800,
  layers: [
    {
      role: 'title',
      text: '春日限定',
      x: 0.5,
      y: 0.12,
      size_ratio: 0.1,
      color: '#1a2b3c',
      font_weight: 700,
      font_category: 'serif',
      treatment: 'shadow',
    },
    {
      role: 'subtitle',
      text: 'Fresh & <new> "flavours"',
      x: 0.08,
      y: 0.5,
      size_ratio: 0.04,
      color: '#AA0000',
      alignment: 'left',
      treatment: 'outline',
    },
    {
      role: 'caption',
      text: '限时优惠 50% off',
      x: 0.95,
      y: 0.9,
      size_ratio: 0.03,
      color: '#FFFFFF',
      alignment: 'right',
      treatment: 'gradient',
      font_category: 'display',
    },
  ],
};

/** The dark pixels' bounding box in a region of a greyscale render: where a dark text was drawn. */
async function inkBox(png: Buffer): Promise<{ cx: number; cy: number; width: number; height: number }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let minX = Infinity;
  let maxX = -1;
  let minY = Infinity;
  let maxY = -1;
  // The simulator label sits in the bottom-left corner; leave the bottom tenth out.
  for (let y = 0; y < info.height * 0.9; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if ((data[y * info.width + x] ?? 255) < 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  return {
    cx: (minX + maxX + 1) / 2 / info.width,
    cy: (minY + maxY + 1) / 2 / info.height,
    width: maxX - minX + 1,
    height: maxY - minY + 1,
  };
}

describe('posters with known text', () => {
  it('round-trips the drawn layers, Chinese included, with every field of a text layer', async () => {
    const png = await renderPoster(SPEC);
    expect(readPosterLayers(png)).toEqual([
      {
        role: 'title',
        content: '春日限定',
        position: 'top-center',
        coords: { x: 0.5, y: 0.12 },
        font_category: 'serif',
        font_weight: 700,
        size_ratio: 0.1,
        color: '#1A2B3C',
        treatment: 'shadow',
        alignment: 'center',
      },
      {
        role: 'subtitle',
        content: 'Fresh & <new> "flavours"',
        position: 'center-left',
        coords: { x: 0.08, y: 0.5 },
        font_category: 'sans-serif',
        font_weight: 400,
        size_ratio: 0.04,
        color: '#AA0000',
        treatment: 'outline',
        alignment: 'left',
      },
      {
        role: 'caption',
        content: '限时优惠 50% off',
        position: 'bottom-right',
        coords: { x: 0.95, y: 0.9 },
        font_category: 'display',
        font_weight: 400,
        size_ratio: 0.03,
        color: '#FFFFFF',
        treatment: 'gradient',
        alignment: 'right',
      },
    ]);
    // Same spec, same bytes.
    expect((await renderPoster(SPEC)).equals(png)).toBe(true);
  });

  it('is a valid PNG of the asked size, with the layers chunk right after IHDR and a correct CRC', async () => {
    const png = await renderPoster(SPEC);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 800 });
    // Every pixel decodes: the inserted chunk did not break the file.
    const stats = await sharp(png, { failOn: 'error' }).stats();
    expect(stats.channels.length).toBeGreaterThanOrEqual(3);
    expect(pngSize(png)).toEqual({ width: 600, height: 800 });

    const at = 8 + 25;
    const length = png.readUInt32BE(at);
    expect(png.toString('latin1', at + 4, at + 8)).toBe('tEXt');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(Buffer.concat([Buffer.from('tEXt'), data])));
    expect(data.toString('latin1', 0, POSTER_CHUNK_KEYWORD.length + 1)).toBe(`${POSTER_CHUNK_KEYWORD}\u0000`);
    // tEXt is Latin-1: the JSON is pure ASCII, Chinese escaped as \uXXXX.
    const text = data.toString('latin1', POSTER_CHUNK_KEYWORD.length + 1);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    expect(text).toContain('\\u6625\\u65e5');
  });

  it('draws the text centred on (x, y) at the asked size', async () => {
    const png = await renderPoster({
      width: 800,
      height: 600,
      background: '#FFFFFF',
      layers: [{ role: 'title', text: '今日份好心情', x: 0.3, y: 0.4, size_ratio: 0.06, color: '#000000' }],
    });
    const box = await inkBox(png);
    expect(box.cx).toBeCloseTo(0.3, 1);
    expect(box.cy).toBeCloseTo(0.4, 1);
    expect(Math.abs(box.cx - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(box.cy - 0.4)).toBeLessThan(0.02);
    // Six CJK glyphs of 48 px: about 6 × 48 px wide, a glyph high.
    expect(box.width).toBeGreaterThan(6 * 48 * 0.8);
    expect(box.width).toBeLessThan(6 * 48 * 1.1);
    expect(box.height).toBeGreaterThan(48 * 0.6);
    expect(box.height).toBeLessThan(48 * 1.1);
  });

  it('renders Chinese glyphs, not placeholder boxes', async () => {
    const draw = (text: string): Promise<Buffer> =>
      renderPoster({
        width: 200,
        height: 100,
        background: '#FFFFFF',
        layers: [{ role: 'title', text, x: 0.5, y: 0.5, size_ratio: 0.15, color: '#000000' }],
      });
    const raw = async (text: string): Promise<Buffer> =>
      sharp(await draw(text))
        .greyscale()
        .raw()
        .toBuffer();
    // Missing glyphs would all be the same box; real glyphs differ.
    expect((await raw('春日')).equals(await raw('限定'))).toBe(false);
  });

  it('centres the text box on (x, y) whatever its alignment', async () => {
    for (const [alignment, x] of [
      ['left', 0.3],
      ['right', 0.7],
      ['center', 0.5],
    ] as const) {
      const png = await renderPoster({
        width: 400,
        height: 200,
        background: 'white',
        layers: [{ role: 'body', text: 'Mid', x, y: 0.5, size_ratio: 0.08, color: '#000000', alignment }],
      });
      const box = await inkBox(png);
      expect(Math.abs(box.cx - x), alignment).toBeLessThan(0.02);
      expect(Math.abs(box.cy - 0.5), alignment).toBeLessThan(0.03);
      expect(readPosterLayers(png)?.[0]?.alignment).toBe(alignment);
    }
  });

  it('gives null for other formats, PNGs without the chunk, and garbage; never throws', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const plain = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(readPosterLayers(jpeg)).toBeNull();
    expect(pngSize(jpeg)).toBeNull();
    expect(readPosterLayers(plain)).toBeNull();
    expect(pngSize(plain)).toEqual({ width: 32, height: 24 });
    expect(readPosterLayers(Buffer.alloc(0))).toBeNull();
    expect(readPosterLayers(Buffer.from('not an image at all'))).toBeNull();

    const png = await renderPoster(SPEC);
    // Cut inside the chunk, a flipped byte (bad CRC), and random bytes after a PNG signature.
    expect(readPosterLayers(png.subarray(0, 60))).toBeNull();
    const flipped = Buffer.from(png);
    const inJson = 8 + 25 + 8 + POSTER_CHUNK_KEYWORD.length + 3;
    flipped[inJson] = (flipped[inJson] ?? 0) ^ 0xff;
    expect(readPosterLayers(flipped)).toBeNull();
    for (let seed = 1; seed <= 50; seed += 1) {
      const junk = Buffer.alloc(200, 0);
      for (let i = 0; i < junk.length; i += 1) junk[i] = (seed * 7919 + i * 104729) % 256;
      png.copy(junk, 0, 0, 8);
      expect(() => readPosterLayers(junk)).not.toThrow();
      expect(readPosterLayers(junk)).toBeNull();
    }
  });

  it('reads size and layers from a PNG data URL only', async () => {
    const png = await renderPoster({ ...SPEC, width: 768, height: 1024 });
    const read = readPngDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(read).toMatchObject({ width: 768, height: 1024 });
    expect(read?.layers?.map((l) => l.content)).toEqual(['春日限定', 'Fresh & <new> "flavours"', '限时优惠 50% off']);
    expect(readPngDataUrl(`data:image/jpeg;base64,${png.toString('base64')}`)).toBeNull();
    expect(readPngDataUrl('https://example.com/poster.png')).toBeNull();
    expect(readPngDataUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(aspectRatio(768, 1024)).toBe('3:4');
    expect(aspectRatio(1920, 1080)).toBe('16:9');
    expect(aspectRatio(1000, 1001)).toBe('1000:1001');
  });

  it('describes positions by thirds', () => {
    expect(positionWords(0.5, 0.5)).toBe('center');
    expect(positionWords(0.5, 0.1)).toBe('top-center');
    expect(positionWords(0.1, 0.9)).toBe('bottom-left');
    expect(positionWords(0.9, 0.5)).toBe('center-right');
  });

  it('refuses specs outside the limits with a clear error', async () => {
    const layer = { role: 'title', text: 'Hi', x: 0.5, y: 0.5, size_ratio: 0.1, color: '#000000' };
    const bad: [unknown, RegExp][] = [
      [{ width: 8, height: 100, layers: [layer] }, /width/],
      [{ width: 100, height: 5000, layers: [layer] }, /height/],
      [{ width: 100, height: 100, layers: [] }, /layers/],
      [{ width: 100, height: 100, layers: Array.from({ length: 41 }, () => layer) }, /layers/],
      [{ width: 100, height: 100, layers: [{ ...layer, text: '' }] }, /text/],
      [{ width: 100, height: 100, layers: [{ ...layer, text: '字'.repeat(201) }] }, /text/],
      [{ width: 100, height: 100, layers: [{ ...layer, text: 'two\nlines' }] }, /text/],
      [{ width: 100, height: 100, layers: [{ ...layer, x: 1.5 }] }, /layers\.0\.x/],
      [{ width: 100, height: 100, layers: [{ ...layer, y: -0.1 }] }, /layers\.0\.y/],
      [{ width: 100, height: 100, layers: [{ ...layer, size_ratio: 0.6 }] }, /size_ratio/],
      [{ width: 100, height: 100, layers: [{ ...layer, color: 'red' }] }, /color/],
      [{ width: 100, height: 100, layers: [{ ...layer, font_weight: 450.5 }] }, /font_weight/],
      [{ width: 100, height: 100, background: '"/><script>', layers: [layer] }, /background/],
      [{ width: 100, height: 100, layers: [{ ...layer, colour: '#000000' }] }, /colour/],
      ['not a spec', /poster spec/],
    ];
    for (const [spec, message] of bad) {
      expect(() => parsePosterSpec(spec)).toThrow(PosterSpecError);
      expect(() => parsePosterSpec(spec)).toThrow(message);
      await expect(renderPoster(spec as PosterSpec)).rejects.toThrow(message);
    }
    // 200 CJK characters are 200 characters, not 200 UTF-16 units too many.
    const astral = { width: 100, height: 100, layers: [{ ...layer, text: '𠀀'.repeat(200) }] };
    expect(parsePosterSpec(astral).layers).toHaveLength(1);
    expect(readPosterLayers(await renderPoster(astral))?.[0]?.content).toBe('𠀀'.repeat(200));
  });
});
