/**
 * The input of the skills read that pages prefetch on the server and their client components ask for
 * again (Skills, Playground): the same input gives the same cache entry, so the page's data is used.
 */
export const SKILLS_INPUT = {};
