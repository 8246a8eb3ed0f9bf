import { BRAND_ICON_SVG } from '@/lib/brand-icon';

/** Browsers ask for `/favicon.ico` on answers without an icon link (redirects, errors): Studio's mark, not a 404. */
export function GET(): Response {
  return new Response(BRAND_ICON_SVG, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}
