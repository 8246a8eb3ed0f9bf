import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { genreCounts, genreLabel } from './genres';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'skills.genres' });

describe('genreLabel', () => {
  it('names known genres and capitalises others', () => {
    expect(genreLabel('ecommerce', t)).toBe('E-commerce');
    expect(genreLabel('Social', t)).toBe('Social media');
    expect(genreLabel('pet_care', t)).toBe('Pet care');
    expect(genreLabel('constructor', t)).toBe('Constructor');
    expect(genreLabel('', t)).toBe('Other');
  });

  it('names known genres in Chinese', () => {
    const zhT = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'skills.genres' });
    expect(genreLabel('ecommerce', zhT)).toBe('电商');
    expect(genreLabel('', zhT)).toBe('其他');
  });
});

describe('genreCounts', () => {
  it('counts genres in order of first appearance', () => {
    expect(genreCounts([{ genre: 'ecommerce' }, { genre: 'food' }, { genre: 'ecommerce' }])).toEqual([
      { genre: 'ecommerce', count: 2 },
      { genre: 'food', count: 1 },
    ]);
  });
});
