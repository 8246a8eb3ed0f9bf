/** The template lists a pipeline draws from, as the pipelines page prefetches and the browser reads them (the query keys must match). */
export const CATALOG_INPUTS = {
  image: { type: 'image', source: 'all' },
  article: { type: 'article', source: 'all' },
  video: { source: 'all' },
} as const;
