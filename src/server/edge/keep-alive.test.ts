import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig, parseEnv } from '@/server/config';
import { createFrontServer, KEEP_ALIVE_MS } from './server';

/** One GET on `agent`: its status, its Keep-Alive header and whether it went over a reused connection. */
function get(port: number, agent: Agent): Promise<{ status: number; keepAlive?: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/login', agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          keepAlive: String(res.headers['keep-alive']),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front server’s idle connections', () => {
  it('keeps an idle keep-alive connection past Node’s 5 s default, and says how long in Keep-Alive', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-keepalive-'));
    const server = createFrontServer(buildConfig(parseEnv({ STUDIO_DATA_DIR: dir })), (_req, res) => {
      res.end('ok');
      return Promise.resolve();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(port, agent);
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      // Idle longer than Node's default: the same connection still carries the next request.
      await new Promise((r) => setTimeout(r, 5_600));
      const second = await get(port, agent);
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 20_000);
});
