import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { hasTierName, tierName, tierNameWithId } from './tier-names';

/** The video tiers of the interface specification, as the API takes them in `model`. */
const SPEC_TIERS = [
  'videomodel-2-0-pro-260801',
  'videomodel-2-0-fast-260801',
  'videomodel-2-0-mini-260801',
  'videomodel-2-5-pro-260801',
  'videomodel-H3',
];

describe('tier names', () => {
  it('names every tier of the specification in both languages, each name once and never the id', () => {
    for (const names of [en.tiers, zh.tiers]) {
      const shown = SPEC_TIERS.map((id) => tierName(names, id));
      expect(new Set(shown).size).toBe(SPEC_TIERS.length);
      for (const [i, id] of SPEC_TIERS.entries()) {
        expect(hasTierName(names, id), id).toBe(true);
        expect(shown[i]).not.toContain('videomodel');
      }
    }
    expect(Object.keys(zh.tiers).sort()).toEqual(Object.keys(en.tiers).sort());
    expect(tierName(en.tiers, 'videomodel-2-0-pro-260801')).toBe('Video 2.0 Pro');
    expect(tierName(zh.tiers, 'videomodel-2-0-pro-260801')).toBe('视频 2.0 专业版');
    expect(tierName(zh.tiers, 'videomodel-2-5-pro-260801')).toBe('视频 2.5 专业版');
  });

  it('shows an id without a name as it is: an operator’s own family, a channel, a prototype key', () => {
    expect(tierName(en.tiers, 'imagegen-1')).toBe('imagegen-1');
    expect(tierName(zh.tiers, 'sim-video-a')).toBe('sim-video-a');
    expect(tierName(en.tiers, 'toString')).toBe('toString');
    expect(tierName(undefined, 'videomodel-H3')).toBe('videomodel-H3');
    expect(hasTierName(en.tiers, 'imagegen-1')).toBe(false);
  });

  it('keeps the id beside the name where developers read it', () => {
    expect(tierNameWithId(en.tiers, 'videomodel-H3')).toBe('Video H3 HD (videomodel-H3)');
    expect(tierNameWithId(zh.tiers, 'videomodel-2-0-mini-260801')).toBe('视频 2.0 轻量版 (videomodel-2-0-mini-260801)');
    expect(tierNameWithId(en.tiers, 'imagegen-2')).toBe('imagegen-2');
  });
});
