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

/** The address as ipaddr.js reads it (IPv4-mapped IPv6 as IPv4), or null when it is not one. */
export function parseIp(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = raw.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return null;
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

/** The whole address in its normal form (what a key's IP allow-list is judged on); anything unparsable as text. */
export function exactAddress(raw: string): string {
  return parseIp(raw)?.toString() ?? (raw.trim().slice(0, 100) || 'unknown');
}

function parseAddress(raw: string): string {
  const addr = parseIp(raw);
  if (!addr)
    return (
      raw
        .trim()
        .replace(/^\[|\]$/g, '')
        .slice(0, 100) || 'unknown'
    );
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The caller's address for the request: the last entry of `trustedHeader` (set by the operator's
 * edge; the entry its nearest proxy appended) when configured, else the connection's peer; in the
 * throttle form (`exact` false) or whole (`exact` true, what the front server passes on).
 */
export function clientAddressOf(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trustedHeader: string | null,
  exact = false,
): string {
  const form = exact ? exactAddress : throttleAddress;
  if (trustedHeader) {
    const value = headers[trustedHeader];
    const joined = Array.isArray(value) ? value.join(',') : value;
    const last = joined
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return form(last);
  }
  return peer ? form(peer) : 'unknown';
}

/** The caller's address as the front server passed it on, in the throttle form ('unknown' when Next.js was started without it). */
export function requestClientAddress(headers: Pick<Headers, 'get'>): string {
  const whole = headers.get(CLIENT_ADDRESS_HEADER);
  return whole ? throttleAddress(whole) : 'unknown';
}

/** The caller's whole address as the front server passed it on (a key's IP allow-list is judged on it). */
export function requestExactAddress(headers: Pick<Headers, 'get'>): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
