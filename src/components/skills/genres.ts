/** Display names of the catalogue's genres; an unknown genre shows as written, capitalised. */
const GENRE_LABELS: Record<string, string> = {
  ecommerce: 'E-commerce',
  food: 'Food',
  interior: 'Interior',
  portrait: 'Portrait',
  illustration: 'Illustration',
  social: 'Social media',
  poster: 'Posters',
  brand: 'Brand',
};

export function genreLabel(genre: string): string {
  const key = genre.toLowerCase();
  if (Object.hasOwn(GENRE_LABELS, key)) return GENRE_LABELS[key] as string;
  const text = genre.replace(/[-_]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Other';
}

/** The genres present, in order of first appearance, with how many skills each has. */
export function genreCounts(items: ReadonlyArray<{ genre: string }>): { genre: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { genre } of items) counts.set(genre, (counts.get(genre) ?? 0) + 1);
  return [...counts].map(([genre, count]) => ({ genre, count }));
}
