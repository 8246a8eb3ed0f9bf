import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address rule for every request Studio makes to a URL someone else gave it (callbacks, and
 * later fetching a caller's image): only ordinary public unicast addresses, judged after every
 * IPv6 form that carries an IPv4 address inside it has been reduced to that IPv4 address.
 */

/** Resolves a host name to all of its addresses; replaceable in tests. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 addresses an IPv6 address stands for, or null when it embeds none. Traffic to these
 * forms ends up at (or is steered by) the embedded address, so that address is what is judged:
 * - IPv4-compatible `::a.b.c.d` (first 96 bits zero, deprecated but still routed by some stacks),
 * - IPv4-mapped `::ffff:a.b.c.d` and IPv4-translated `::ffff:0:a.b.c.d`,
 * - NAT64 `64:ff9b::/96` (the well-known prefix, address in the last 32 bits),
 * - 6to4 `2002:AABB:CCDD::/48` (address in bits 16–47),
 * - Teredo `2001:0:SSSS:SSSS:…:CCCC:CCCC` (the server in bits 32–63, the client the bitwise NOT
 *   of the last 32 bits; both are returned and both must be public).
 * The local-use NAT64 prefix `64:ff9b:1::/48` is not listed here: it is refused outright (see
 * `isPublicAddress`), since where its IPv4 address sits depends on the operator's prefix length.
 */
export function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = addr.parts;
  const zeroTo = (n: number) => [a, b, c, d, e, f].slice(0, n).every((x) => x === 0);
  if (zeroTo(6)) return [v4(g, h)];
  if (zeroTo(5) && f === 0xffff) return [v4(g, h)];
  if (zeroTo(4) && e === 0xffff && f === 0) return [v4(g, h)];
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return [v4(g, h)];
  if (a === 0x2002) return [v4(b, c)];
  if (a === 0x2001 && b === 0) return [v4(c, d), v4(~g & 0xffff, ~h & 0xffff)];
  return null;
}

/**
 * Parses a plain textual address. Zone ids (`fe80::1%eth0`) are refused: they only make sense on
 * link-local addresses, which are refused anyway. IPv6 goes through the WHATWG serialiser first:
 * ipaddr.js reads `::a.b.c.d` as if it were `::ffff:a.b.c.d`, which is a different address.
 */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const kind = isIP(ip);
  if (kind === 0 || ip.includes('%')) return null;
  if (kind === 4) return ipaddr.IPv4.parse(ip);
  return ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
}

/** Only ordinary public unicast addresses may be called; every IPv4-embedding form by its IPv4 address. */
export function isPublicAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.every((a) => a.range() === 'unicast');
  // Anything else special (the local-use NAT64 prefix among them) is not a public unicast address.
  return v6.range() === 'unicast';
}

/** Whether two textual addresses are the same address (`::ffff:1.2.3.4` and `1.2.3.4` are, as a dual-stack socket reports them). */
export function sameAddress(a: string, b: string): boolean {
  const norm = (ip: string) => {
    const x = parseAddress(ip);
    if (!x) return null;
    const y = x.kind() === 'ipv6' && (x as ipaddr.IPv6).isIPv4MappedAddress() ? (x as ipaddr.IPv6).toIPv4Address() : x;
    return `${y.kind()}:${y.toNormalizedString()}`;
  };
  const [x, y] = [norm(a), norm(b)];
  return x !== null && x === y;
}

export interface VetOptions {
  /** Let private, loopback and link-local addresses through (local development and tests). */
  allowPrivate: boolean;
  /** Exact addresses let through although not public (a known internal receiver; tests). */
  allowAddresses?: string[];
  /** Studio's own `host[:port]` values (as `URL.host` gives them): refused even with allowPrivate. */
  ownHosts: string[];
  /** false: check only what can be checked without DNS (name answers `addresses: []`). */
  resolve?: boolean;
  /** Replaces the system resolver (tests). */
  lookup?: Resolver;
}

export type Vetted = { ok: true; url: URL; hostname: string; addresses: string[] } | { ok: false; reason: string };

const PRIVATE = 'points at a private or loopback address';
const PRIVATE_NAMES = ['localhost', '.localhost', '.local', '.internal'];

function isOwnHost(url: URL, ownHosts: string[], hostname: string): boolean {
  const bare = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
  const host = url.port ? `${bare}:${url.port}` : bare;
  return ownHosts.some((own) => own.toLowerCase().replace(/\.(?=$|:\d+$)/, '') === host);
}

/**
 * Decides whether Studio may call this URL, and at which addresses: http(s) only, not Studio's
 * own host, no local names, and every address (the literal one, or all that DNS answers) public.
 * URL parsing has already turned numeric host tricks (`2130706433`, `0177.0.0.1`, `0x7f.1`) into
 * dotted IPv4. The addresses returned are the only ones a connection may then go to.
 */
export async function vetUrl(raw: string | URL, opts: VetOptions): Promise<Vetted> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'must be http or https' };
  // Brackets off an IPv6 literal; a trailing dot off a fully qualified name.
  const hostname = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (!hostname) return { ok: false, reason: 'has no host' };
  if (isOwnHost(url, opts.ownHosts, hostname)) return { ok: false, reason: "points at Studio's own address" };

  const allowed = (ip: string) =>
    opts.allowPrivate || isPublicAddress(ip) || (opts.allowAddresses ?? []).some((a) => sameAddress(a, ip));
  if (isIP(hostname)) {
    if (!allowed(hostname)) return { ok: false, reason: PRIVATE };
    return { ok: true, url, hostname, addresses: [hostname] };
  }
  if (!opts.allowPrivate && PRIVATE_NAMES.some((n) => (n.startsWith('.') ? hostname.endsWith(n) : hostname === n))) {
    return { ok: false, reason: PRIVATE };
  }
  if (opts.resolve === false) return { ok: true, url, hostname, addresses: [] };
  let addresses: string[];
  try {
    addresses = await (opts.lookup ?? systemResolver)(hostname);
  } catch {
    return { ok: false, reason: 'could not be resolved' };
  }
  if (addresses.length === 0 || addresses.some((a) => isIP(a) === 0))
    return { ok: false, reason: 'could not be resolved' };
  if (!addresses.every(allowed)) return { ok: false, reason: 'resolves to a private or loopback address' };
  return { ok: true, url, hostname, addresses };
}
