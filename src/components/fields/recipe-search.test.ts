import { describe, expect, it } from 'vitest';
import { matchesQuery } from './recipe-search';

describe('matchesQuery', () => {
  const texts = ['详情页卖点海报', '填写商品名称和核心卖点，生成详情页海报', 'selling-points-poster', 'ecommerce'];

  it('matches everything when empty', () => {
    expect(matchesQuery('  ', texts)).toBe(true);
  });

  it('finds Chinese substrings without spaces', () => {
    expect(matchesQuery('海报', texts)).toBe(true);
    expect(matchesQuery('头像', texts)).toBe(false);
  });

  it('needs every word, in any of the texts, ignoring case and full-width letters', () => {
    expect(matchesQuery('Poster 卖点', texts)).toBe(true);
    expect(matchesQuery('ＰＯＳＴＥＲ', texts)).toBe(true);
    expect(matchesQuery('poster 美食', texts)).toBe(false);
  });
});
