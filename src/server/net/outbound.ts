import type { LookupFunction } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { sameAddress, vetUrl, type Resolver } from './address';

/**
 * Every request Studio makes to a URL someone else gave it goes through `safeFetch`: the URL is
 * vetted (see `vetUrl`), the connection goes to the vetted addresses only (the host name is not
 * resolved a second time between check and connect), redirects are followed by hand and each
 * target vetted again, and the whole exchange has a deadline and a byte cap.
 */

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole exchange, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** The most response body bytes read; more is refused as `too_large`. Default 1 MiB. */
  maxBytes?: number;
  /**
   * Redirects followed (each target vetted again). Default 3. With 0 a redirect is not followed
   * but answered as it is (status 3xx); past a positive limit the answer is `too_many_redirects`.
   */
  maxRedirects?: number;
  /** Let private, loopback and link-local addresses through (local development and tests). */
  allowPrivate?: boolean;
  /** Exact addresses let through although not public (a known internal receiver; tests). */
  allowAddresses?: string[];
  /** Studio's own `host[:port]` values, never called. */
  ownHosts?: string[];
  /** false: the response body is thrown away unread (`body` is empty). Default true. */
  readBody?: boolean;
  signal?: AbortSignal;
  /** Replaces the system resolver (tests). It is called once per URL vetted, never at connect. */
  lookup?: Resolver;
}

export type OutboundError = 'refused' | 'unreachable' | 'timeout' | 'too_large' | 'too_many_redirects' | 'aborted';

export type OutboundResult =
  | {
      ok: true;
      status: number;
      headers: Headers;
      body: Uint8Array;
      /** The URL that answered (after redirects). */
      url: string;
      /** The address the connection went to. */
      address: string;
      redirects: number;
    }
  | { ok: false; error: OutboundError; reason: string; url: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that belong to the caller, never forwarded to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

class PinnedAddressError extends Error {}

/**
 * A dispatcher whose connections can only reach `addresses`: its resolver answers them for the
 * vetted host name without asking DNS (so the Host header and TLS SNI stay the original name and
 * certificates are verified against it), and the socket's actual peer is checked once connected,
 * before the HTTP request is written. One per request: no connection is reused for another URL.
 * Exported for tests; everything else goes through `safeFetch`.
 */
export function pinnedAgent(
  hostname: string,
  addresses: string[],
  timeoutMs: number,
): { agent: Agent; connectedTo: () => string | null } {
  const pinnedLookup: LookupFunction = (name, options, callback) => {
    if (name.toLowerCase().replace(/\.$/, '') !== hostname) {
      callback(new PinnedAddressError(`unexpected lookup of ${name}`), '', 0);
      return;
    }
    const family = (a: string) => (a.includes(':') ? 6 : 4);
    const asked = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const wanted = addresses.filter((a) => !asked || family(a) === asked);
    const [first] = wanted;
    if (first === undefined) {
      callback(Object.assign(new Error(`no vetted address of family ${asked}`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all)
      callback(
        null,
        wanted.map((a) => ({ address: a, family: family(a) })),
      );
    else callback(null, first, family(first));
  };
  const base = buildConnector({ lookup: pinnedLookup, timeout: timeoutMs });
  let peer: string | null = null;
  const connect: buildConnector.connector = (opts, callback) => {
    base(opts, (err, socket) => {
      if (err) return callback(err, null);
      const remote = socket.remoteAddress ?? '';
      if (!addresses.some((a) => sameAddress(a, remote))) {
        socket.destroy();
        return callback(
          new PinnedAddressError(`connected to ${remote || 'an unknown address'}, not a vetted one`),
          null,
        );
      }
      peer = remote;
      callback(null, socket);
    });
  };
  return { agent: new Agent({ connect, connections: 1, pipelining: 1 }), connectedTo: () => peer };
}

/** Makes one request to `raw` within Studio's outbound policy; never throws for network trouble. */
export async function safeFetch(raw: string, opts: SafeFetchOptions = {}): Promise<OutboundResult> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const maxRedirects = opts.maxRedirects ?? 3;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;

  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    // The Host header is always the vetted URL's own.
    if (k.toLowerCase() !== 'host') headers[k.toLowerCase()] = v;
  }

  let current = raw;
  for (let redirects = 0; ; redirects++) {
    // DNS resolution counts against the deadline too.
    const vetted = await Promise.race([
      vetUrl(current, {
        allowPrivate: opts.allowPrivate ?? false,
        allowAddresses: opts.allowAddresses,
        ownHosts: opts.ownHosts ?? [],
        lookup: opts.lookup,
      }),
      new Promise<null>((resolve) =>
        signal.aborted ? resolve(null) : signal.addEventListener('abort', () => resolve(null), { once: true }),
      ),
    ]);
    if (!vetted) return stopped(current, deadline, timeoutMs);
    if (!vetted.ok)
      return {
        ok: false,
        error: 'refused',
        reason: redirects ? `redirects to a URL that ${vetted.reason}` : vetted.reason,
        url: current,
      };
    if (signal.aborted) return stopped(current, deadline, timeoutMs);

    const { agent, connectedTo } = pinnedAgent(vetted.hostname, vetted.addresses, timeoutMs);
    try {
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(vetted.url, {
          dispatcher: agent,
          method: method as 'GET',
          headers,
          body,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (err) {
        if (signal.aborted) return stopped(current, deadline, timeoutMs);
        if (err instanceof PinnedAddressError || (err as { cause?: unknown })?.cause instanceof PinnedAddressError) {
          return { ok: false, error: 'refused', reason: 'connected to an address that was not vetted', url: current };
        }
        const code = (err as { code?: string })?.code;
        return {
          ok: false,
          error: 'unreachable',
          reason: `could not be reached${code ? ` (${code})` : ''}`,
          url: current,
        };
      }

      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string' && maxRedirects > 0) {
        discard(res.body);
        if (redirects >= maxRedirects)
          return {
            ok: false,
            error: 'too_many_redirects',
            reason: `more than ${maxRedirects} redirects`,
            url: current,
          };
        let next: URL;
        try {
          next = new URL(location, vetted.url);
        } catch {
          return { ok: false, error: 'refused', reason: 'redirects to something that is not a URL', url: current };
        }
        // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body.
        if (
          (res.statusCode === 303 && method !== 'HEAD') ||
          ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = undefined;
          for (const h of ['content-type', 'content-length', 'content-encoding']) delete headers[h];
        }
        if (next.origin !== vetted.url.origin) for (const h of CREDENTIAL_HEADERS) delete headers[h];
        current = next.href;
        continue;
      }

      const responseHeaders = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (Array.isArray(v)) for (const x of v) responseHeaders.append(k, x);
        else if (v !== undefined) responseHeaders.set(k, v);
      }
      const answer = {
        status: res.statusCode,
        headers: responseHeaders,
        url: vetted.url.href,
        address: connectedTo() ?? '',
        redirects,
      };
      if (opts.readBody === false) {
        discard(res.body);
        return { ok: true, ...answer, body: new Uint8Array(0) };
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(res.body);
        return { ok: false, error: 'too_large', reason: `the response is larger than ${maxBytes} bytes`, url: current };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) {
            discard(res.body);
            return {
              ok: false,
              error: 'too_large',
              reason: `the response is larger than ${maxBytes} bytes`,
              url: current,
            };
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        if (signal.aborted) return stopped(current, deadline, timeoutMs);
        const code = (err as { code?: string })?.code;
        return {
          ok: false,
          error: 'unreachable',
          reason: `the response broke off${code ? ` (${code})` : ''}`,
          url: current,
        };
      }
      return { ok: true, ...answer, body: new Uint8Array(Buffer.concat(chunks)) };
    } finally {
      agent.destroy().catch(() => {});
    }
  }
}

function stopped(url: string, deadline: AbortSignal, timeoutMs: number): OutboundResult {
  return deadline.aborted
    ? { ok: false, error: 'timeout', reason: `no complete answer within ${timeoutMs} ms`, url }
    : { ok: false, error: 'aborted', reason: 'the request was cancelled', url };
}

/** Stops reading a response body; destroying it unread is not an error worth reporting. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => {});
  body.destroy();
}
