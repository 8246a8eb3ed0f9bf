import { NextResponse, type NextRequest } from 'next/server';
import { PATHNAME_HEADER, RETURN_PATH_HEADER } from '@/i18n/pathname';
import { getConfig, isDevBuild } from '@/server/config';
import { isOwnOrigin } from '@/server/edge/http/cross-site';
import { baseSecurityHeaders, pageCsp } from '@/server/edge/http/security-headers';

/**
 * Pages: a fresh script nonce per request in the Content-Security-Policy. Next.js reads the policy
 * from the request to put the nonce on its own scripts (so pages render per request; see the root
 * layout), and the browser gets the same policy with the response. Pages also learn their path, which
 * picks the default language of the public claim page (src/i18n/request.ts), and with its query where to come
 * back to after signing in.
 */
export function proxy(request: NextRequest) {
  const config = getConfig();
  // A server action (a form of the console) posted from another site: Next.js would answer it with a
  // 500; it is refused here as every cross-site console write is (src/server/edge/http/cross-site.ts).
  if (request.method === 'POST' && request.headers.has('next-action')) {
    const origin = request.headers.get('origin');
    if (origin !== null && !isOwnOrigin(origin, request.headers.get('host'))) {
      return NextResponse.json(
        {
          ok: false,
          error: 'Cross-site request refused: console forms must be sent from Studio’s own pages',
          code: 'FORBIDDEN',
          reason: 'forbidden',
        },
        { status: 403, headers: { 'cache-control': 'no-store', ...baseSecurityHeaders(config) } },
      );
    }
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = pageCsp(nonce, config, isDevBuild());
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  headers.set(PATHNAME_HEADER, request.nextUrl.pathname);
  headers.set(RETURN_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  // Also here for `next dev`, where the front server (scripts/start.ts) that adds them to every answer does not run.
  for (const [name, value] of Object.entries(baseSecurityHeaders(config))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the API (its own policy), stored files and thumbnails (theirs), and the build's static assets.
  matcher: [{ source: '/((?!api/|files/|thumbnails/|_next/static/|_next/image|favicon.ico).*)' }],
};
