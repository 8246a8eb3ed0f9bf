import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Only ordinary public unicast addresses may receive callbacks. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
}

export type AddressVerdict = { ok: true; addresses: string[] } | { ok: false; reason: string };

/**
 * Decides whether Studio may call this URL: not Studio's own host, and (after DNS resolution) only
 * public addresses, so a callback cannot reach the service itself or the private network.
 */
export async function checkCallbackUrl(
  raw: string,
  opts: { allowPrivate: boolean; ownHosts: string[]; resolve?: boolean },
): Promise<AddressVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'must be http or https' };
  if (opts.allowPrivate) return { ok: true, addresses: [] };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (opts.ownHosts.includes(url.host.toLowerCase())) return { ok: false, reason: "points at Studio's own address" };
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return { ok: false, reason: 'points at a private or loopback address' };
  }
  if (ipaddr.isValid(host)) {
    return isPublicAddress(host) ? { ok: true, addresses: [host] } : { ok: false, reason: 'points at a private or loopback address' };
  }
  if (opts.resolve === false) return { ok: true, addresses: [] };
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return { ok: false, reason: 'could not be resolved' };
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    return { ok: false, reason: 'resolves to a private or loopback address' };
  }
  return { ok: true, addresses };
}
