import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the procedures read of a request's headers: one header by name (case-insensitive), as the
 * WHATWG `Headers.get` answers it. A fetch `Headers` is one; the Node server in front of Next.js
 * passes `nodeHeaders(req.headers)` instead of building a `Headers` object per request.
 */
export interface RequestHeaders {
  get(name: string): string | null;
}

/** Node's parsed headers (lower-case names) read as `RequestHeaders`; repeated values joined as fetch joins them. */
export function nodeHeaders(headers: IncomingHttpHeaders): RequestHeaders {
  return {
    get(name: string): string | null {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** Whether a `Content-Type` is JSON (`application/json`, parameters allowed): the one rule of every body Studio reads as JSON. */
export function isJsonContentType(type: string | null | undefined): boolean {
  return typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
}
