import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * PgBouncer in transaction mode in front of a PostgreSQL, on a free port of its own (Debian's
 * `pgbouncer`), for the tests and drills that run Studio through a pooler (docs/operations.md →
 * Connection pooling). Trust authentication, as the PostgreSQL behind it in tests.
 */
export interface PgBouncer {
  port: number;
  /** `url` (a PostgreSQL URL on the server behind) with its host and port replaced by the pooler's. */
  pooled(url: string): string;
  /** Runs a command of PgBouncer's admin console (`SHOW POOLS`, `SHOW STATS`) and answers its rows. */
  show(what: string): Record<string, string>[];
  stop(): Promise<void>;
}

/**
 * The waits docs/operations.md recommends in front of Studio: a query waits at most 5 s for a server
 * connection (PgBouncer's default is 120 s, which holds requests through a whole outage), and a failed
 * login to the server is retried after 1 s (default 15 s, during which every client is refused).
 */
export const POOLER_WAITS = { query_wait_timeout: 5, server_login_retry: 1 } as const;

function program(): string {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (existsSync(candidate)) return candidate;
  throw new Error('PgBouncer is not installed: apt-get install pgbouncer');
}

/** Starts PgBouncer in front of the PostgreSQL at `target` (host and port); `poolSize` server connections per database. */
export async function startPgBouncer(
  target: { host: string; port: number },
  poolSize = 10,
  /** More `[pgbouncer]` settings (name → value), e.g. the waits docs/operations.md recommends. */
  settings: Record<string, string | number> = {},
): Promise<PgBouncer> {
  const bin = program();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-pgbouncer-'));
  // PgBouncer refuses to run as root: as root it runs as `postgres`, which must read its folder.
  const asRoot = process.getuid?.() === 0;
  chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n', { mode: 0o644 });
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.host} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      'ignore_startup_parameters = extra_float_digits',
      'server_reset_query =',
      ...Object.entries(settings).map(([name, value]) => `${name} = ${value}`),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child: ChildProcess = spawn(bin, asRoot ? ['-u', 'postgres', ini] : [ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited at start:\n${log}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on ${port}:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    pooled(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    show(what) {
      // The admin console speaks the simple query protocol only: psql, not a driver's extended protocol.
      const out = execFileSync(
        'psql',
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-d',
          'pgbouncer',
          '-A',
          '-F',
          '\t',
          '-c',
          `SHOW ${what}`,
        ],
        { encoding: 'utf8' },
      );
      const lines = out.trim().split('\n');
      const header = (lines[0] ?? '').split('\t');
      // The last line is psql's row count, "(n rows)".
      return lines.slice(1, -1).map((line) => Object.fromEntries(line.split('\t').map((v, i) => [header[i] ?? i, v])));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
