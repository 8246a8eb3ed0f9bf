/** The query parameter that carries where to go back to after signing in. */
export const NEXT_PARAM = 'next';

/**
 * `next` when it is a path on this site (`/jobs/3f2a?x=1`), else null: it must start with a single
 * `/`, not `//` or `/\` (a protocol-relative address elsewhere), hold no scheme, backslash or control
 * character, and not lead back to a sign-in page. Answered as the URL parser writes it, so it can be
 * sent as a `Location` header whatever characters it had.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  // Browsers read `\` as `/` and drop tabs and newlines, which would turn `/\evil` into `//evil`.
  if (next.includes('\\') || [...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://studio.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://studio.invalid') return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  // As the URL parser writes it: characters a Location header cannot carry (`/jobs/é`) percent-encoded.
  return url.pathname + url.search + url.hash;
}

/** Where signing in leads when no page asked to come back. */
export const AFTER_SIGN_IN = '/overview';

/** The sign-in page's address that comes back to `path` afterwards (plain `/login` for the overview, where it goes anyway). */
export function loginPathFor(path: string | null | undefined): string {
  const next = safeNext(path);
  return next && next !== '/' && next !== AFTER_SIGN_IN ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}

/** Where to go after signing in: the `next` of the sign-in page's address, if it is safe, else `fallback`. */
export function nextFromUrl(address: string | null | undefined, fallback: string): string {
  if (!address) return fallback;
  try {
    return safeNext(new URL(address, 'http://studio.invalid').searchParams.get(NEXT_PARAM)) ?? fallback;
  } catch {
    return fallback;
  }
}
