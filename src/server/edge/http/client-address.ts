import ipaddr from 'ipaddr.js';

/**
 * The header through which the Node server in front of Next.js (scripts/start.ts) tells the app who
 * is calling. It is overwritten on every request, so a caller cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-studio-client-address';

/**
 * The address a throttle counts by: IPv4 as is (IPv4-mapped IPv6 included), IPv6 by its /64, which
 * one subscriber usually holds whole. Anything unparsable is kept as text.
 */
export function throttleAddress(raw: string): string {
  // Every request asks, and a keep-alive connection asks with the same peer each time: parsed once.
  let known = recent.get(raw);
  if (known === undefined) {
    known = parseAddress(raw);
    if (raw.length <= 64) {
      if (recent.size >= 4_096) recent.clear();
      recent.set(raw, known);
    }
  }
  return known;
}

/** Addresses seen lately and their throttle form (short ones only: a header can hold anything). */
const recent = new Map<string, string>();

function parseAddress(raw: string): string {
  const text = raw.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return text.slice(0, 100) || 'unknown';
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The caller's address for the request: the last entry of `trustedHeader` (set by the operator's
 * edge; the entry its nearest proxy appended) when configured, else the connection's peer.
 */
export function clientAddressOf(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trustedHeader: string | null,
): string {
  if (trustedHeader) {
    const value = headers[trustedHeader];
    const joined = Array.isArray(value) ? value.join(',') : value;
    const last = joined
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return throttleAddress(last);
  }
  return peer ? throttleAddress(peer) : 'unknown';
}

/** The caller's address as the front server passed it on ('unknown' when Next.js was started without it). */
export function requestClientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
