/** The input of the template read the Articles page prefetches and the writer asks for again (same input, same cache entry). */
export const ARTICLE_TEMPLATES_INPUT = { type: 'article', source: 'all' } as const;
