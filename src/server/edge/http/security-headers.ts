import type { Config } from '@/server/config';

/**
 * The security headers of Studio's responses. Every response gets the base set (the front server
 * adds it); pages get a Content-Security-Policy with a per-request script nonce (src/proxy.ts), API
 * answers and stored files a policy that allows nothing.
 */

type HeaderConfig = Pick<Config, 'https' | 'imageHost' | 's3'>;

/** On every response: no MIME sniffing, no framing, no full URLs to other sites, and HTTPS only once seen over HTTPS. */
export function baseSecurityHeaders(config: Pick<Config, 'https'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** JSON answers of the API: nothing in them may run or be framed, should one be opened as a page. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** User files (uploads, results): shown as images or video elsewhere, never as an active page of the site. */
export const FILE_CSP = "default-src 'none'; sandbox";

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Where the browser may PUT a presigned direct upload: the bucket's S3 endpoint. */
function uploadOrigins(s3: Config['s3']): string[] {
  if (!s3) return [];
  if (s3.endpoint) {
    const u = new URL(s3.endpoint);
    return [s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`];
  }
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://${s3.bucket}.s3.amazonaws.com`];
}

/**
 * A page's policy. Scripts run only with this response's nonce (Next.js puts it on its own scripts)
 * or when loaded by one of them; styles may be inline (React `style` attributes, charts). Images
 * come from any origin, as template samples and product images are addresses users typed; media
 * from Studio's file host or bucket; connections to the site and the upload bucket.
 */
export function pageCsp(nonce: string, config: HeaderConfig, dev = false): string {
  const files = [originOf(config.imageHost), originOf(config.s3?.publicBaseUrl)].filter((o): o is string => o !== null);
  const media = [...new Set(["'self'", ...files, 'blob:', 'data:'])];
  const connect = [...new Set(["'self'", ...uploadOrigins(config.s3)])];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    `media-src ${media.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...(config.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}
