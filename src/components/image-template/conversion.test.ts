import { describe, expect, it } from 'vitest';
import {
  layerBox,
  parseConversion as conversion,
  parseSubmitted as submitted,
  textEms,
  type ConversionWords,
} from './conversion';

const words: ConversionWords = {
  failed: (s) => `The image could not be converted (HTTP ${s}).`,
  unreadable: 'Studio answered with something the page cannot read; try again.',
};
const parseConversion = (status: number, body: unknown) => conversion(status, body, words);
const parseSubmitted = (status: number, body: unknown) => submitted(status, body, words);

const answer = {
  ok: true,
  sculpt: { subject: '猫', composition: '居中', universe: '日常', light: '柔光', print: '胶片', texture: '颗粒' },
  prompt: 'a cat',
  prompt_cn: '一只猫',
  style_tags: ['胶片'],
  aspect_ratio: '3:4',
  zh_name: '春日海报',
  description: '海报。',
  genre: 'poster',
  ratio: '3:4',
  body_md: '# 春日海报',
  image_category: 'poster',
  text_layers: [],
  prompt_template: 'a cat',
  fields: [],
  template_error: null,
  template_warnings: [],
};

describe('parseConversion', () => {
  it('keeps a conversion', () => {
    const out = parseConversion(200, answer);
    expect(out.ok && out.answer.zh_name).toBe('春日海报');
  });

  it('shows the API’s error text with the status, or says what happened', () => {
    expect(parseConversion(402, { ok: false, error: 'Not enough credits: 4 needed' })).toEqual({
      ok: false,
      error: 'Not enough credits: 4 needed',
      status: 402,
    });
    expect(parseConversion(502, null)).toEqual({
      ok: false,
      error: 'The image could not be converted (HTTP 502).',
      status: 502,
    });
    expect(parseConversion(200, { ok: true, zh_name: 1 })).toMatchObject({ ok: false, status: 200 });
  });
});

describe('parseSubmitted', () => {
  it('answers the job id of a background run, or the refusal', () => {
    expect(parseSubmitted(200, { ok: true, jobId: 'j1', status: 'pending', async: true })).toEqual({
      ok: true,
      jobId: 'j1',
    });
    expect(parseSubmitted(409, { ok: false, error: 'template.slug: taken' })).toEqual({
      ok: false,
      error: 'template.slug: taken',
      status: 409,
    });
  });
});

describe('layerBox', () => {
  it('counts Chinese characters as a full em and Latin letters as about half', () => {
    expect(textEms('春日限定')).toBe(4);
    expect(textEms('SALE')).toBeCloseTo(2.2);
    expect(textEms('一行\n更长的一行')).toBe(5);
  });

  it('centres the box on the text’s coordinates, as tall as its size on the image', () => {
    // A 3:4 image: a font 8% of the width is 6% of the height.
    const box = layerBox({ coords: { x: 0.5, y: 0.5 }, size_ratio: 0.08, content: '春日限定' }, 3 / 4);
    expect(box.width).toBeCloseTo(33.6);
    expect(box.height).toBeCloseTo(7.8);
    expect(box.left + box.width / 2).toBeCloseTo(50);
    expect(box.top + box.height / 2).toBeCloseTo(50);
  });

  it('keeps boxes near an edge inside the image', () => {
    const box = layerBox({ coords: { x: 0.98, y: 0.02 }, size_ratio: 0.1, content: '限时优惠' }, 1);
    expect(box.left + box.width).toBeLessThanOrEqual(100);
    expect(box.top).toBe(0);
    const wide = layerBox({ coords: { x: 0.5, y: 0.5 }, size_ratio: 0.5, content: '很长很长很长的一行字' }, 1);
    expect(wide).toMatchObject({ left: 0, width: 100 });
  });
});
