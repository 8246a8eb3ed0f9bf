/**
 * Proxy upload benchmark: streams 50 MB video uploads through POST /api/upload-ref to a running
 * Studio (embedded database, local file store) and samples the server's resident memory.
 * Prints throughput and the RSS rise over the idle server (target: under 32 MB for a 50 MB upload).
 * Usage: npm run bench:uploads
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { sample } from '../tests/helpers/media-samples';
import { rssMb, startBenchServer } from './lib';

const MB = 1024 * 1024;
const SIZE = 50 * MB - 1024;
const ROUNDS = 3;

/** Streams a multipart body of `size` bytes in 64 KiB writes; the file is never built in memory here either. */
function streamUpload(
  url: URL,
  key: string,
  head: Buffer,
  size: number,
): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----studio-bench-${randomBytes(8).toString('hex')}`;
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'x-api-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(pre.length + size + post.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(post);
    };
    req.write(pre);
    pump();
  });
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const created = await server.tenant('Bench 上传');
    const uploadUrl = new URL(`${server.api}/upload-ref`);
    const head = await sample('mp4', 64 * 1024);

    // Warm-up: the first upload loads the route's code; memory is measured from the settled server after it.
    const warm = await streamUpload(uploadUrl, created.key, head, 2 * MB);
    if (warm.status !== 200) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    await new Promise((r) => setTimeout(r, 2000));

    const results: { mbps: number; rise: number; idle: number; peak: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const idle = rssMb(server.pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
      const res = await streamUpload(uploadUrl, created.key, head, SIZE);
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(server.pid));
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body}`);
      results.push({ mbps: SIZE / MB / (res.ms / 1000), rise: peak - idle, idle, peak });
      await new Promise((r) => setTimeout(r, 1500));
    }
    const worst = Math.max(...results.map((r) => r.rise));
    for (const [i, r] of results.entries()) {
      console.log(
        `upload ${i + 1}: ${(SIZE / MB).toFixed(1)} MB at ${r.mbps.toFixed(0)} MB/s; server RSS ${r.idle.toFixed(0)} MB idle, ${r.peak.toFixed(0)} MB peak (+${r.rise.toFixed(1)} MB)`,
      );
    }
    console.log(
      `worst RSS rise during a 50 MB proxy upload: +${worst.toFixed(1)} MB (target < 32 MB) ${worst < 32 ? 'OK' : 'OVER TARGET'}`,
    );
    if (worst >= 32) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
