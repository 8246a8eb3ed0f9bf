/** The request header in which src/proxy.ts hands pages their path (a layout is not told which page it wraps). */
export const PATHNAME_HEADER = 'x-studio-pathname';
