import { createServer } from 'node:net';

/**
 * Ports handed out below Linux's ephemeral range (32768–60999): a port the system picked for us from that
 * range could be taken, between our check and the server's listen, as the local port of any outgoing
 * connection (a database client, an HTTP keep-alive), and the server would fail with EADDRINUSE.
 */
const LOW = 20_000;
const HIGH = 32_767;

/** Whether a server can listen on `port` at 127.0.0.1 right now. */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now, for servers a script or test starts. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW + 1));
    if (await listenable(port)) return port;
  }
  // Every try was taken: let the system pick one.
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}
