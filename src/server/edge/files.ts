import { Readable } from 'node:stream';
import { parseByteRange } from '@/lib/byte-range';
import { FILE_CSP } from '@/server/edge/http/security-headers';
import { mimeOfKey } from '@/server/storage/store';
import { getRuntime } from '@/server/runtime';

/** User content: never sniffed as another type, and opened directly it runs nothing. */
const USER_CONTENT = { 'x-content-type-options': 'nosniff', 'content-security-policy': FILE_CSP };

function notFound(): Response {
  return Response.json(
    { ok: false, error: 'File not found', code: 'NOT_FOUND', reason: 'not_found' },
    { status: 404, headers: USER_CONTENT },
  );
}

/**
 * Serves stored files with their type, long cache headers and byte ranges (video players need them).
 * Opened directly, a file is a sandboxed document with no sources: an uploaded SVG cannot act as the site.
 */
export async function serveFile(req: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> {
  const { key: parts } = await params;
  const key = parts.map((p) => decodeURIComponent(p)).join('/');
  const { files } = await getRuntime();
  const size = await files.size(key);
  if (size === null) return notFound();
  const headers = new Headers({
    'content-type': mimeOfKey(key),
    // Keys are unique per file and never rewritten, so the bytes never change.
    'cache-control': 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
    ...USER_CONTENT,
  });
  // A malformed or multi-range header is ignored (200, whole file); see parseByteRange.
  const range = parseByteRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    const { start, end } = range;
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
    headers.set('content-length', String(end - start + 1));
    return new Response(Readable.toWeb(files.read(key, { start, end })) as ReadableStream, { status: 206, headers });
  }
  headers.set('content-length', String(size));
  return new Response(Readable.toWeb(files.read(key)) as ReadableStream, { status: 200, headers });
}
