import ipaddr from 'ipaddr.js';

/**
 * Which connections may speak for someone else: headers a proxy sets (`X-Forwarded-Host`, `-Proto`,
 * `-For`, `Forwarded`, `X-Real-IP`, and the configured client-address header) are kept only on requests
 * whose connection comes from a configured proxy (`STUDIO_TRUSTED_PROXIES`); from anyone else the front
 * server removes them before Studio or Next.js reads them, so a caller cannot claim another host,
 * scheme or address.
 */

/** The headers only a trusted proxy may set. */
export const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
] as const;

/** A parsed list of proxy addresses: ranges, matched against the connection's peer. */
export type TrustedProxies = readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7', 'fe80::/10'],
};

/**
 * Parses `STUDIO_TRUSTED_PROXIES`: addresses and CIDR ranges (IPv4, IPv6), and the names `loopback` and
 * `private`, comma-separated. Throws a message naming the entry that is neither.
 */
export function parseTrustedProxies(text: string): TrustedProxies {
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    for (const item of NAMED[entry] ?? [entry]) {
      if (item.includes('/')) {
        if (!ipaddr.isValidCIDR(item))
          throw new Error(`"${entry}" is not an address, a CIDR range, loopback or private`);
        ranges.push(ipaddr.parseCIDR(item));
      } else {
        if (!ipaddr.isValid(item)) throw new Error(`"${entry}" is not an address, a CIDR range, loopback or private`);
        const addr = ipaddr.parse(item);
        ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      }
    }
  }
  return ranges;
}

/** Peers seen lately and whether they are trusted proxies (a server meets few distinct peers). */
const seen = new WeakMap<TrustedProxies, Map<string, boolean>>();

/** Whether the connection's peer is one of the trusted proxies. */
export function isTrustedProxy(peer: string | undefined, proxies: TrustedProxies): boolean {
  if (!peer || proxies.length === 0) return false;
  let known = seen.get(proxies);
  if (!known) seen.set(proxies, (known = new Map<string, boolean>()));
  let trusted = known.get(peer);
  if (trusted === undefined) {
    trusted = inRanges(peer, proxies);
    if (known.size >= 4_096) known.clear();
    known.set(peer, trusted);
  }
  return trusted;
}

/** Whether an address (IPv4-mapped IPv6 read as IPv4) falls in one of the ranges; anything unparsable does not. */
export function inRanges(peer: string, proxies: TrustedProxies): boolean {
  if (!ipaddr.isValid(peer)) return false;
  let addr = ipaddr.parse(peer);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  return proxies.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

/**
 * Removes what only a proxy may say from a request whose connection is not a trusted proxy: the
 * forwarded headers and the configured client-address header.
 */
export function dropUntrustedForwarding(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  config: { trustedProxies: TrustedProxies; clientIpHeader: string | null },
): void {
  if (isTrustedProxy(peer, config.trustedProxies)) return;
  for (const name of FORWARDED_HEADERS) if (name in headers) delete headers[name];
  if (config.clientIpHeader && config.clientIpHeader in headers) delete headers[config.clientIpHeader];
}
