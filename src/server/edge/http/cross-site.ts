import { isJsonContentType } from '@/server/request-headers';
import { presentedKey } from '@/server/api/context';
import { errorResponse } from './error-response';
import { getConfig } from '@/server/config';
import { logger } from '@/server/logger';

/**
 * Cross-site request forgery guard of the cookie-authenticated console endpoints (tRPC, console
 * upload). A browser attaches the session cookie to requests another site makes, so a write that
 * relies on the cookie must come from Studio's own pages:
 *
 * - `Origin`, when sent, is the site's own: the public base URL's origin, or the request's Host;
 * - `Sec-Fetch-Site`, when sent, is `same-origin` or `none` (typed in, bookmarks); `same-site` and
 *   `cross-site` pass only with an `Origin` of the site itself;
 * - with `json`, the body is `application/json`, which no HTML form can send and a cross-site
 *   `fetch` cannot send without a CORS preflight (which Studio never grants).
 *
 * Browsers send `Origin` on every cross-origin POST, so a request with neither header did not come
 * from another site's page. Requests with a key are not affected: a key is never sent by the browser
 * on its own. Answers the refusal, or null to go on.
 */
export function crossSiteRefusal(req: Request, opts: { json: boolean }): Response | null {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return null;
  if (presentedKey(req.headers) || !req.headers.has('cookie')) return null;

  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site')?.toLowerCase() ?? null;
  const own = origin !== null && isOwnOrigin(origin, req.headers.get('host'));
  if ((origin !== null && !own) || (site !== null && site !== 'same-origin' && site !== 'none' && !own)) {
    logger.warn({ origin, site, path: new URL(req.url).pathname }, 'cross-site console request refused');
    return errorResponse(
      403,
      'Cross-site request refused: console requests signed in with a cookie must come from Studio’s own pages',
      'FORBIDDEN',
    );
  }
  if (opts.json && !isJsonContentType(req.headers.get('content-type'))) {
    return errorResponse(415, 'Send the body as JSON with Content-Type: application/json', 'UNSUPPORTED_MEDIA_TYPE');
  }
  return null;
}

/** True when `origin` is the public base URL's origin or names the host the request was sent to. */
export function isOwnOrigin(origin: string, host: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    // `null` (sandboxed frames, privacy redirects) and anything else that is not an origin.
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(getConfig().publicBaseUrl).origin) return true;
  return host !== null && parsed.host === host.toLowerCase();
}
