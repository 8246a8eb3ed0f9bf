import type { useTranslations } from 'next-intl';

/** The genre names, from the `skills.genres` catalogue (`useTranslations` or `getTranslations`). */
export type GenreWords = ReturnType<typeof useTranslations<'skills.genres'>>;

const KNOWN = ['ecommerce', 'food', 'interior', 'portrait', 'illustration', 'social', 'poster', 'brand'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (key: string): key is Known => (KNOWN as readonly string[]).includes(key);

/** Display name of a catalogue genre in the page's language; an unknown genre shows as written, capitalised. */
export function genreLabel(genre: string, t: GenreWords): string {
  const key = genre.toLowerCase();
  if (isKnown(key)) return t(key);
  const text = genre.replace(/[-_]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : t('other');
}

/** The genres present, in order of first appearance, with how many skills each has. */
export function genreCounts(items: ReadonlyArray<{ genre: string }>): { genre: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { genre } of items) counts.set(genre, (counts.get(genre) ?? 0) + 1);
  return [...counts].map(([genre, count]) => ({ genre, count }));
}
