import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Serves a local file store's directory over HTTP, as a deployment's public file URLs are served: for
 * providers that read the caller's inputs themselves (Veo takes frames as bytes, so Studio downloads them).
 */
export async function serveDir(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    // The store's URLs are `{base}/files/{key}`.
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/files\//, '');
    const file = path.resolve(dir, rel);
    if (!file.startsWith(path.resolve(dir) + path.sep)) return res.writeHead(404).end();
    readFile(file).then(
      (data) => res.writeHead(200).end(data),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((r) => server.close(() => r())) };
}
