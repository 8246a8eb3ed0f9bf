/** The template lists a hook draws from, as the hooks page prefetches and the browser reads them (the query keys must match). */
export const CATALOG_INPUTS = {
  image: { type: 'image', source: 'all' },
  article: { type: 'article', source: 'all' },
  video: { source: 'all' },
} as const;
