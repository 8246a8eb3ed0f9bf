import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { recordAnswer, type RecordedAnswer } from './answer-log';

const dir = mkdtempSync(path.join(os.tmpdir(), 'answer-log-'));
const file = path.join(dir, 'answers.jsonl');
const server = createServer((req, res) => {
  recordAnswer(file, req, res);
  // As the front server does for every request: headers set first, so writeHead's are merged into them.
  res.setHeader('x-request-id', 'test');
  if (req.url === '/api/gzip') {
    res.writeHead(429, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'retry-after': '3' });
    res.end(gzipSync('{"ok":false}'));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"a":');
  res.end('1}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const recorded = () =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RecordedAnswer);

describe('the answer log of the API suite', () => {
  it('records answers under /api with their status, body and Retry-After, and nothing else', async () => {
    await fetch(`${base}/api/jobs?id=1`, { headers: { 'accept-encoding': 'identity' } });
    await fetch(`${base}/api/gzip`, { headers: { 'accept-encoding': 'gzip' } });
    await fetch(`${base}/api/trpc/session.me`);
    await fetch(`${base}/overview`);
    await fetch(`${base}/api/jobs-stream`, { headers: { rsc: '1' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded()).toEqual([
      { method: 'GET', path: '/api/jobs', status: 200, type: 'application/json', retryAfter: false, body: '{"a":1}' },
      {
        method: 'GET',
        path: '/api/gzip',
        status: 429,
        type: 'application/json',
        retryAfter: true,
        body: '{"ok":false}',
      },
    ]);
  });
});
