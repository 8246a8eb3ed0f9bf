import { describe, expect, it } from 'vitest';
import { isSupportedRatio } from '@/contracts/ratios';
import { READING_RATIOS } from '@/contracts/reading';
import { nearestRatio, parseReading } from './reading';

describe('image reading', () => {
  it('answers the ratio /api/generate accepts nearest to the real aspect', () => {
    expect(READING_RATIOS.every((r) => isSupportedRatio(r))).toBe(true);
    expect(nearestRatio(1600, 900)).toBe('16:9');
    expect(nearestRatio(1080, 1920)).toBe('9:16');
    expect(nearestRatio(1000, 1010)).toBe('1:1');
    expect(nearestRatio(2480, 3508)).toBe('2:3'); // A4 portrait, 1:1.414
    expect(nearestRatio(10_000, 100)).toBe('4:1');
    expect(nearestRatio(100, 10_000)).toBe('1:4');
  });

  it('takes only an answer with every field of the reading, fenced or not, and drops the rest', () => {
    const reading = {
      sculpt: {
        subject: 'a cat',
        composition: 'centered',
        universe: 'home',
        light: 'soft',
        print: 'photo',
        texture: 'fur',
      },
      prompt: 'a cat on a sofa',
      prompt_cn: '沙发上的猫',
      style_tags: ['cozy'],
      aspect_ratio: '4:3',
      zh_name: '猫',
      description: 'A cat.',
      genre: 'photo',
      body_md: '## 猫',
    };
    expect(parseReading(JSON.stringify({ ...reading, text_layers: [] }))).toEqual(reading);
    expect(parseReading('```json\n' + JSON.stringify(reading) + '\n```')).toEqual(reading);
    expect(parseReading(JSON.stringify({ ...reading, style_tags: [] }))).toBeNull();
    const { genre: _genre, ...missing } = reading;
    expect(parseReading(JSON.stringify(missing))).toBeNull();
    expect(parseReading('Sure! {"sculpt":')).toBeNull();
    expect(parseReading(null)).toBeNull();
  });
});
