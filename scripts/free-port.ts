import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the system picks it), for servers a script or test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}
