import { FILE_CSP } from '@/server/edge/http/security-headers';
import { thumbnailOf } from '@/server/domain/uploads/thumbnails';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';

const USER_CONTENT = { 'x-content-type-options': 'nosniff', 'content-security-policy': FILE_CSP };

/**
 * `/thumbnails/<upload key>`: a small WebP of an uploaded image, made on first request and kept in the
 * file store. Public like the file itself (its key is unguessable); cached for good, since an upload's
 * bytes never change (a deleted upload's thumbnail is deleted with it).
 */
export async function serveThumbnail(
  _req: Request,
  { params }: { params: Promise<{ key: string[] }> },
): Promise<Response> {
  const { key: parts } = await params;
  const key = parts.map((p) => decodeURIComponent(p)).join('/');
  const { files } = await getRuntime();
  let webp: Buffer | null;
  try {
    webp = await thumbnailOf(files, key);
  } catch (err) {
    logger.warn({ err, key }, 'could not make a thumbnail');
    webp = null;
  }
  if (!webp) {
    return Response.json(
      { ok: false, error: 'Thumbnail not found', code: 'NOT_FOUND', reason: 'not_found' },
      { status: 404, headers: { 'cache-control': 'no-store', ...USER_CONTENT } },
    );
  }
  return new Response(new Uint8Array(webp), {
    status: 200,
    headers: {
      'content-type': 'image/webp',
      'content-length': String(webp.length),
      'cache-control': 'public, max-age=31536000, immutable',
      ...USER_CONTENT,
    },
  });
}
