import { describe, expect, it } from 'vitest';
import { genreCounts, genreLabel } from './genres';

describe('genreLabel', () => {
  it('names known genres and capitalises others', () => {
    expect(genreLabel('ecommerce')).toBe('E-commerce');
    expect(genreLabel('Social')).toBe('Social media');
    expect(genreLabel('pet_care')).toBe('Pet care');
    expect(genreLabel('constructor')).toBe('Constructor');
    expect(genreLabel('')).toBe('Other');
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
