import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the drill's own (a fresh cluster in a temporary folder on a free port), so
 * the drill can stop and start it without touching any other database on the machine.
 */
export interface DrillPostgres {
  url: string;
  /** The server's log file. */
  logFile: string;
  stop(): void;
  start(): void;
  remove(): void;
}

function binDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
    if (!versions[0])
      throw new Error('PostgreSQL server programs (initdb, pg_ctl) are not installed: apt-get install postgresql');
    return path.join(base, versions[0], 'bin');
  }
}

/** Runs a PostgreSQL program as the `postgres` user when we are root (the server refuses to run as root). */
function run(program: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export function startDrillPostgres(port: number): DrillPostgres {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-drill-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`;
  const start = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: path.join(dir, 'log'),
    start,
    stop,
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
