/** Folds full-width letters and digits (ＡＢＣ１２３) to ASCII and lower-cases, so searches match either way. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Whether every word of `query` occurs in one of `texts`. Chinese has no spaces, so a query such as
 * "海报" is one word matched as a substring; an empty query matches everything.
 */
export function matchesQuery(query: string, texts: ReadonlyArray<string | null | undefined>): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(texts.filter(Boolean).join('\n'));
  return words.every((w) => haystack.includes(w));
}
