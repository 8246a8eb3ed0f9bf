/**
 * The input of the template read the Playground page prefetches on the server and its form asks for
 * again: the same input gives the same cache entry, so the page's data is used at once.
 */
export const IMAGE_TEMPLATES_INPUT = { type: 'image', source: 'all' } as const;
