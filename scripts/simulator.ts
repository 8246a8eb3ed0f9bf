import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function healthy(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/__sim/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { simulator?: boolean };
    return res.ok && body.simulator === true;
  } catch {
    return false;
  }
}

export interface SimulatorProcess {
  origin: string;
  /** Null when an already running simulator was reused. */
  child: ChildProcess | null;
  stop(): Promise<void>;
}

/** A simulator run by someone else (another container): used, never started or stopped. */
export function remoteSimulator(origin: string): SimulatorProcess {
  return { origin, child: null, stop: async () => {} };
}

/** Starts the upstream simulator as its own process on `port`, or reuses one already listening there. */
export async function startSimulator(port: number): Promise<SimulatorProcess> {
  const origin = `http://127.0.0.1:${port}`;
  if (await healthy(origin)) return { origin, child: null, stop: async () => {} };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/sim/main.ts')], {
    cwd: root,
    env: { ...process.env, STUDIO_SIM_PORT: String(port), STUDIO_SIM_HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The simulator belongs to this process: it goes when we go, however we go.
  process.once('exit', () => child.kill('SIGTERM'));
  const deadline = Date.now() + 30_000;
  while (!(await healthy(origin))) {
    if (child.exitCode !== null) throw new Error(`the upstream simulator exited (code ${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the upstream simulator did not start within 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    origin,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
