import { describe, expect, it } from 'vitest';
import { isSupportedRatio, ratioChoices, RATIOS } from './options';

describe('isSupportedRatio', () => {
  it('mirrors the server: whole numbers between 1:4 and 4:1', () => {
    expect(isSupportedRatio('3:2')).toBe(true);
    expect(isSupportedRatio('1:4')).toBe(true);
    expect(isSupportedRatio('1:5')).toBe(false);
    expect(isSupportedRatio('0:1')).toBe(false);
    expect(isSupportedRatio('1.5:1')).toBe(false);
    expect(isSupportedRatio(null)).toBe(false);
  });
});

describe('ratioChoices', () => {
  it('offers the usual ratios, then a recipe’s own once', () => {
    expect(ratioChoices()).toEqual([...RATIOS]);
    expect(ratioChoices('3:4', '3:4')).toEqual([...RATIOS]);
    expect(ratioChoices('2:3', '2:3', '1:1')).toEqual([...RATIOS, '2:3']);
    expect(ratioChoices('3:2', '2:3')).toEqual([...RATIOS, '3:2', '2:3']);
    expect(ratioChoices('nonsense', null)).toEqual([...RATIOS]);
  });
});
