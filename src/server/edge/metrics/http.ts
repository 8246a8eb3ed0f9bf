import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRestPath } from '@/server/edge/rest/rest';
import { metrics } from '@/server/metrics/registry';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Paths served outside the REST table, named as they are (each a fixed path). */
const FIXED = new Set([
  '/api/health',
  '/api/health/live',
  '/api/metrics',
  '/api/jobs-stream',
  '/api/chat',
  '/api/chat/completions',
  '/api/models',
  '/api/openapi.json',
  '/api/upload-ref',
  '/api/reverse',
  '/api/image-to-template',
]);

/**
 * The operation label of a request: its method and route template. Never the raw path (an id, a file
 * name or a scanner's made-up path would make a new series each): paths outside the known set fall
 * into a few buckets.
 */
export function operationOf(method: string | undefined, url: string | undefined): string {
  const m = method && METHODS.has(method) ? method : 'OTHER';
  let path = (url ?? '/').split('?', 1)[0] ?? '/';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (path.startsWith('/api/')) {
    if (FIXED.has(path) || isRestPath(path)) return `${m} ${path}`;
    if (path.startsWith('/api/models/')) return `${m} /api/models/{id}`;
    if (path.startsWith('/api/trpc/')) return `${m} /api/trpc`;
    if (path.startsWith('/api/auth/')) return `${m} /api/auth`;
    return `${m} /api/(unknown)`;
  }
  if (path.startsWith('/_next/')) return `${m} /_next`;
  if (path.startsWith('/files/')) return `${m} /files`;
  if (path.startsWith('/thumbnails/')) return `${m} /thumbnails`;
  return `${m} (page)`;
}

/** Times one request of the main server, counted when its answer ends (or the client leaves). */
export function observeHttp(req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const labels = { operation: operationOf(req.method, req.url), status: String(res.statusCode) };
    const m = metrics();
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });
}
