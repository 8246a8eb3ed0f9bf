import { describe, expect, it } from 'vitest';
import { parseReading as parse, similarImageHref } from './reading';

const parseReading = (status: number, body: unknown) =>
  parse(status, body, (s) => `The image could not be read (HTTP ${s}).`);

const answer = {
  ok: true,
  sculpt: { subject: '猫', composition: '居中', universe: '日常', light: '柔光', print: '胶片', texture: '颗粒' },
  prompt: 'a cat, soft light',
  prompt_cn: '一只猫，柔光',
  style_tags: ['胶片', 'warm'],
  aspect_ratio: '16:9',
  zh_name: '午后的猫',
  description: '安静的午后。',
  genre: 'photo',
  ratio: '16:9',
  body_md: '# 午后的猫\n<script>x</script>',
};

describe('parseReading', () => {
  it('keeps a reading’s parts', () => {
    const out = parseReading(200, answer);
    expect(out).toMatchObject({
      ok: true,
      reading: { zh_name: '午后的猫', ratio: '16:9', style_tags: ['胶片', 'warm'] },
    });
    if (out.ok) expect(out.reading.sculpt.texture).toBe('颗粒');
  });

  it('shows the API’s error text, or says what happened without one', () => {
    expect(parseReading(402, { ok: false, error: 'Not enough credits', code: 'insufficient_credits' })).toEqual({
      ok: false,
      error: 'Not enough credits',
    });
    expect(parseReading(502, null)).toEqual({ ok: false, error: 'The image could not be read (HTTP 502).' });
  });

  it('fills missing parts with empty text', () => {
    const out = parseReading(200, { ok: true });
    expect(out.ok && out.reading.sculpt.subject).toBe('');
    expect(out.ok && out.reading.style_tags).toEqual([]);
  });
});

describe('similarImageHref', () => {
  it('links the Playground with the prompt and ratio', () => {
    expect(similarImageHref(answer)).toBe('/playground?prompt=a+cat%2C+soft+light&ratio=16%3A9');
    expect(similarImageHref({ prompt: '', prompt_cn: '猫', ratio: '', aspect_ratio: '' })).toBe(
      '/playground?prompt=%E7%8C%AB',
    );
  });
});
