/** The request header in which src/proxy.ts hands pages their path (a layout is not told which page it wraps). */
export const PATHNAME_HEADER = 'x-studio-pathname';

/** The header with the page's path and query, so a sign-in redirect can come back to it. */
export const RETURN_PATH_HEADER = 'x-studio-return-path';
