import { describe, expect, it } from 'vitest';
import { resolutionLabel } from './resolution-label';

describe('resolutionLabel', () => {
  it('writes heights with a lower-case p and width classes with a capital K, whatever case came in', () => {
    expect(['720P', '1080p', '768P', '480p', '2k', '4K', ' 512P '].map(resolutionLabel)).toEqual([
      '720p',
      '1080p',
      '768p',
      '480p',
      '2K',
      '4K',
      '512p',
    ]);
  });

  it('leaves anything else as it is', () => {
    expect(resolutionLabel('1280*720')).toBe('1280*720');
    expect(resolutionLabel('auto')).toBe('auto');
  });
});
