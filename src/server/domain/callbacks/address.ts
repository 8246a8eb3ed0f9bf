import type { Config } from '@/server/config';
import { vetUrl } from '@/server/net/address';

export { isPublicAddress } from '@/server/net/address';

export type AddressVerdict = { ok: true; addresses: string[] } | { ok: false; reason: string };

/** Studio's own `host[:port]` values, which a callback may never call. */
export function ownHosts(config: Pick<Config, 'publicBaseUrl' | 'imageHost' | 'port'>): string[] {
  const hosts = new Set<string>();
  for (const u of [
    config.publicBaseUrl,
    config.imageHost,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
  ]) {
    try {
      hosts.add(new URL(u).host.toLowerCase());
    } catch {
      // not a URL: nothing to add
    }
  }
  return [...hosts];
}

/**
 * Decides early (when a callback_url is submitted, to answer 400) whether Studio may call this
 * URL, by the same rule every outbound request is held to (`vetUrl`). Delivery vets it again and
 * connects only to the addresses vetted then (`safeFetch`).
 */
export async function checkCallbackUrl(
  raw: string,
  opts: { allowPrivate: boolean; ownHosts: string[]; resolve?: boolean },
): Promise<AddressVerdict> {
  // Local development calls private receivers by name without needing them resolvable yet.
  const verdict = await vetUrl(raw, { ...opts, resolve: opts.allowPrivate ? false : opts.resolve });
  return verdict.ok ? { ok: true, addresses: verdict.addresses } : { ok: false, reason: verdict.reason };
}
