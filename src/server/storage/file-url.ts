const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** A key Studio writes: folders and a file name of plain characters, no `.` or `..` segment. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((p) => p === '..' || p === '.');
}

/** Hosts that name this machine: a base URL on one of them is reached by any of them. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The stored object's key of a URL that points into a store whose files are served under `base`
 * (`https://cdn.example.com/files/`), or null when it points elsewhere. The URL is parsed and
 * normalised first, as a browser or an upstream fetching it would: scheme and host in any case, the
 * default port written or not, `127.1` for `127.0.0.1`, loopback names for one another, dot segments
 * (`/files/./`, `/files/%2e/`, `/files/x/../`) resolved, percent-escapes decoded. So a caller cannot
 * dress another tenant's file as an outside address: what would reach the file is recognised as it.
 */
export function keyOfUrl(url: string, base: string): string | null {
  let parsed: URL;
  let root: URL;
  try {
    parsed = new URL(url);
    root = new URL(base.endsWith('/') ? base : `${base}/`);
  } catch {
    return null;
  }
  if (parsed.protocol !== root.protocol) return null;
  const sameHost =
    parsed.host === root.host ||
    (LOOPBACK.test(parsed.hostname) && LOOPBACK.test(root.hostname) && parsed.port === root.port);
  if (!sameHost || !parsed.pathname.startsWith(root.pathname)) return null;
  let key: string;
  try {
    key = decodeURIComponent(parsed.pathname.slice(root.pathname.length));
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}
