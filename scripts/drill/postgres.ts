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
  port: number;
  /** The server's log file. */
  logFile: string;
  stop(): void;
  start(): void;
  /** Stops it at once, as a crash does (`pg_ctl stop -m immediate`: no shutdown checkpoint, clients cut). */
  crash(): void;
  /** A standby made primary (`pg_ctl promote`, waiting until it accepts writes). */
  promote(): void;
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

/** A temporary folder the server's user owns. */
function clusterFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-drill-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  return dir;
}

/** Starts the cluster in `dir`/data on `port`; `durable`: every commit waits for its flush (and a synchronous standby, once named). */
function serve(bin: string, dir: string, port: number, durable: boolean): DrillPostgres {
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  // fsync=off: the drills kill processes, never the machine, so the operating system keeps every write.
  const commit = durable ? '' : ' -c synchronous_commit=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${commit} -c full_page_writes=off -c max_connections=400`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const start = () => run(pgCtl, ['-D', data, '-o', options, '-l', logFile, '-w', 'start']);
  const stop = () => run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile,
    start,
    stop,
    crash: () => run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']),
    promote: () => run(pgCtl, ['-D', data, '-w', 'promote']),
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

export function startDrillPostgres(port: number, opts: { durable?: boolean } = {}): DrillPostgres {
  const bin = binDir();
  const dir = clusterFolder();
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, ...'-A trust -U postgres --no-sync -E UTF8'.split(' ')]);
  return serve(bin, dir, port, opts.durable ?? false);
}

/**
 * A streaming standby of `primary` on `port` (`pg_basebackup -R`: a copy that follows the primary's
 * write-ahead log). initdb's trust rules let local replication connections in.
 */
export function startDrillStandby(primary: DrillPostgres, port: number): DrillPostgres {
  const bin = binDir();
  const dir = clusterFolder();
  const data = path.join(dir, 'data');
  const from = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
  run(path.join(bin, 'pg_basebackup'), ['-D', data, ...from, ...'-X stream -R --no-sync'.split(' ')]);
  return serve(bin, dir, port, true);
}
