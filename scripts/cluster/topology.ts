import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startFront, type Front } from './front';

const root = path.resolve(import.meta.dirname, '../..');

/** One supervised process of the topology. */
export interface Member {
  name: string;
  kind: 'web' | 'worker';
  /** For web processes: where it listens. */
  origin: string | null;
  child: ChildProcess | null;
  /** Starts so far (1 after the first start). */
  starts: number;
}

export interface Topology {
  front: Front;
  frontUrl: string;
  web: Member[];
  workers: Member[];
  /** Sends a signal to a member; the supervisor starts it again when it exits (unless stopping). */
  signal(member: Member, signal: NodeJS.Signals): void;
  /**
   * The source tree members are started from from now on (a member already running keeps its code until
   * it is started again): a rolling upgrade sets the new release's, then restarts the members one by one.
   */
  setRoot(tree: string): void;
  /** Resolves when a member has been started again after `starts` and (web) answers ready. */
  restarted(member: Member, starts: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  web: number;
  workers: number;
  /** The front's port; web processes listen on the next ones. */
  port: number;
  host: string;
  /** Settings for every process (on top of this process's environment). */
  env: Record<string, string>;
  /** Settings for the first web process only (it bootstraps: admin key, demo tenant). */
  firstWebEnv?: Record<string, string>;
  /** The source tree (built) the processes run from; this one by default. */
  root?: string;
  /** Where children's output goes (a file descriptor: a log file). */
  output?: 'inherit' | 'ignore' | number;
  restartDelayMs?: number;
  log?: (line: string) => void;
}

/** Waits for an origin's readiness (`GET /api/health` 200). */
export async function waitReady(origin: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${origin} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts web and worker processes (the build and the migrations must be done) under a supervisor that
 * starts a process again when it exits, as a process manager would, behind the round-robin front.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const log = options.log ?? ((line: string) => console.log(`[cluster] ${line}`));
  const restartDelayMs = options.restartDelayMs ?? 1000;
  const make = (kind: Member['kind'], i: number): Member => ({
    name: `${kind}-${i + 1}`,
    kind,
    origin: kind === 'web' ? `http://127.0.0.1:${options.port + 1 + i}` : null,
    child: null,
    starts: 0,
  });
  const web = Array.from({ length: options.web }, (_, i) => make('web', i));
  const workers = Array.from({ length: options.workers }, (_, i) => make('worker', i));
  let stopping = false;
  let tree = options.root ?? root;

  const launch = (m: Member) => {
    // The supervisor built once before starting anyone: a process it restarts serves that build, never
    // rebuilds it under the others (sources edited meanwhile wait for the next cluster start).
    const env: Record<string, string> = { STUDIO_BUILD: 'never', ...options.env };
    if (m.origin)
      Object.assign(
        env,
        { PORT: new URL(m.origin).port, HOST: '127.0.0.1', STUDIO_WORKER: 'off' },
        m === web[0] ? options.firstWebEnv : {},
      );
    const entry = m.kind === 'web' ? 'scripts/start.ts' : 'src/worker/main.ts';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, entry)], {
      cwd: tree,
      env: { ...process.env, ...env },
      stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit'],
    });
    m.child = child;
    m.starts += 1;
    log(`${m.name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      if (m.child === child) m.child = null;
      if (stopping) return;
      log(`${m.name} exited (${signal ?? `code ${code}`}); starting it again in ${restartDelayMs} ms`);
      setTimeout(() => !stopping && launch(m), restartDelayMs);
    });
  };

  // The first web process bootstraps (migrated database, admin key, demo tenant); the others follow.
  const [first, ...others] = web;
  if (first?.origin) {
    launch(first);
    await waitReady(first.origin);
  }
  for (const m of [...others, ...workers]) launch(m);
  await Promise.all(others.map((m) => waitReady(m.origin ?? '')));

  const front = await startFront(options.port, options.host, { backends: web.map((m) => m.origin ?? '') });
  const address = front.server.address();
  const frontPort = typeof address === 'object' && address ? address.port : options.port;

  return {
    front,
    frontUrl: `http://127.0.0.1:${frontPort}`,
    web,
    workers,
    signal: (m, signal) => m.child?.kill(signal),
    setRoot: (next) => {
      tree = next;
    },
    async restarted(m, starts, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (m.starts <= starts || !m.child) {
        if (Date.now() > deadline) throw new Error(`${m.name} was not started again`);
        await new Promise((r) => setTimeout(r, 100));
      }
      if (m.origin) await waitReady(m.origin, Math.max(1000, deadline - Date.now()));
    },
    async stop() {
      stopping = true;
      await Promise.all(
        [...web, ...workers].map(
          (m) =>
            new Promise<void>((resolve) => {
              const child = m.child;
              if (!child || child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await front.close();
    },
  };
}
