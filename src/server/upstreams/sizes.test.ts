import { describe, expect, it } from 'vitest';
import { isSupportedRatio } from '@/contracts/ratios';
import { READING_RATIOS } from '@/contracts/reading';
import {
  acceptsSize,
  cropFor,
  DEFAULT_SIZE_RULE,
  isExactly,
  outputFormatsOf,
  parseRatio,
  ruleAccepts,
  servesRatio,
  sizeFor,
  sizesOf,
} from './sizes';

const gptImage1 = sizesOf({ model: 'gpt-image-1', capabilities: {} });
const gptImage2 = sizesOf({ model: 'gpt-image-2', capabilities: {} });

/** What the caller gets: the size sent, cropped to the ratio when it is not exactly it. */
function served(spec: ReturnType<typeof sizesOf>, ratio: string) {
  const size = sizeFor(spec, ratio);
  if (!size) throw new Error(`no size for ${ratio}`);
  const crop = cropFor(size, ratio);
  return { sent: size, result: crop ? { width: crop.width, height: crop.height } : size };
}

describe('image sizes per model', () => {
  it('sends gpt-image-1 only its three sizes, the closest in shape to each ratio', () => {
    const sent = Object.fromEntries(
      READING_RATIOS.map((r) => [r, `${served(gptImage1, r).sent.width}x${served(gptImage1, r).sent.height}`]),
    );
    expect(new Set(Object.values(sent))).toEqual(new Set(['1024x1024', '1536x1024', '1024x1536']));
    expect(sent).toMatchObject({
      '1:1': '1024x1024',
      '16:9': '1536x1024',
      '3:2': '1536x1024',
      '4:1': '1536x1024',
      '9:16': '1024x1536',
      '2:3': '1024x1536',
      '1:4': '1024x1536',
      '5:4': '1536x1024',
      '4:5': '1024x1536',
    });
  });

  it.each(READING_RATIOS)(
    'serves %s exactly: gpt-image-1 by a crop, gpt-image-2 by a size inside its rule',
    (ratio) => {
      const { a, b } = parseRatio(ratio);
      const one = served(gptImage1, ratio);
      expect(isExactly(one.result, a, b)).toBe(true);
      expect(Math.round((one.result.width * b) / a)).toBe(one.result.height);
      expect(one.result.width).toBeLessThanOrEqual(one.sent.width);
      expect(one.result.height).toBeLessThanOrEqual(one.sent.height);

      const two = served(gptImage2, ratio);
      expect(acceptsSize(gptImage2, two.sent)).toBe(true);
      expect(two.sent.width % 16).toBe(0);
      expect(two.sent.height % 16).toBe(0);
      expect(isExactly(two.result, a, b)).toBe(true);
    },
  );

  it('serves every ratio the API accepts exactly, on a three-size model and on a free-size one', () => {
    let checked = 0;
    for (let a = 1; a <= 99; a++) {
      for (let b = 1; b <= 99; b++) {
        const ratio = `${a}:${b}`;
        if (!isSupportedRatio(ratio)) continue;
        for (const spec of [gptImage1, gptImage2]) {
          const { sent, result } = served(spec, ratio);
          expect(acceptsSize(spec, sent), `${ratio} sent ${sent.width}x${sent.height}`).toBe(true);
          expect(isExactly(result, a, b), `${ratio} gave ${result.width}x${result.height}`).toBe(true);
          expect(Math.min(result.width, result.height)).toBeGreaterThanOrEqual(256);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('gives a free-size model valid sizes for 1:4 and 4:1 (beyond its 3:1 aspect) and crops to the ratio', () => {
    for (const ratio of ['1:4', '4:1']) {
      const { sent, result } = served(gptImage2, ratio);
      expect(
        ruleAccepts(
          { multiple_of: 16, max_side: 3840, min_pixels: 655_360, max_pixels: 8_294_400, max_aspect: 3 },
          sent,
        ),
      ).toBe(true);
      expect(Math.max(sent.width, sent.height) / Math.min(sent.width, sent.height)).toBeCloseTo(3, 1);
      const { a, b } = parseRatio(ratio);
      expect(result.width * b).toBe(result.height * a);
    }
    // An exact size needs no crop: 16:9 at a million pixels or so.
    const wide = served(gptImage2, '16:9');
    expect(wide.sent).toEqual(wide.result);
    expect(wide.sent.width * 9).toBe(wide.sent.height * 16);
  });

  it('keeps the old sizes for a model it does not know: long side 1024, multiples of 16', () => {
    const unknown = sizesOf({ model: 'some-image-model', capabilities: {} });
    expect(unknown).toEqual(DEFAULT_SIZE_RULE);
    expect(sizeFor(unknown, '16:9')).toEqual({ width: 1024, height: 576 });
    expect(sizeFor(unknown, '3:4')).toEqual({ width: 768, height: 1024 });
    expect(sizeFor(unknown, '1:4')).toEqual({ width: 256, height: 1024 });
  });

  it('lets a channel’s own sizes override the known ones, and a model that may not crop serve only its exact ratios', () => {
    const own = sizesOf({ model: 'gpt-image-1', capabilities: { sizes: ['1024x1024', '1792x1024'] } });
    expect(sizeFor(own, '16:9')).toEqual({ width: 1792, height: 1024 });
    const noCrop = { sizes: ['1024x1024', '1536x1024'], crop: false };
    expect(servesRatio(noCrop, '1:1')).toBe(true);
    expect(servesRatio(noCrop, '3:2')).toBe(true);
    expect(servesRatio(noCrop, '16:9')).toBe(false);
    expect(servesRatio({ sizes: ['1024x1024'] }, '16:9')).toBe(true);
  });

  it('sends output_format only to models that take it', () => {
    expect(outputFormatsOf({ model: 'gpt-image-1', capabilities: {} })).toContain('png');
    expect(outputFormatsOf({ model: 'dall-e-3', capabilities: {} })).toEqual([]);
    expect(outputFormatsOf({ model: 'unknown', capabilities: {} })).toEqual([]);
    expect(outputFormatsOf({ model: 'unknown', capabilities: { output_formats: ['png'] } })).toEqual(['png']);
  });

  it('crops the largest centred rectangle of the ratio', () => {
    expect(cropFor({ width: 1536, height: 1024 }, '16:9')).toEqual({ left: 0, top: 80, width: 1536, height: 864 });
    expect(cropFor({ width: 1024, height: 1536 }, '1:4')).toEqual({ left: 320, top: 0, width: 384, height: 1536 });
    expect(cropFor({ width: 1024, height: 1024 }, '1:1')).toBeNull();
  });
});
