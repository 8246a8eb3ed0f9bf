import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/ensure-build';
import { freePort } from '../scripts/free-port';
import type { Target, UpstreamConfig } from '../src/server/upstreams/types';

/** Helpers the benchmarks share: ports, readiness, process memory and a scratch database. */

export { freePort };

/** A fresh PostgreSQL database on DATABASE_URL's server (default: the local `test` one), and how to drop it. */
export async function scratchDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const { withDatabase } = await import('../tests/helpers/test-db');
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `studio_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  return {
    name,
    url: withDatabase(base, name),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Waits until `url` answers 2xx. */
export async function waitHttp(url: string, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** CPU time (user + system) of a process in milliseconds, from /proc. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/** The value at percentile `p` of an ascending list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface BenchServer {
  /** `http://127.0.0.1:<port>/api` */
  api: string;
  pid: number | undefined;
  /** Opens a tenant with the operator key; answers its id and key. */
  tenant(name: string, credits?: number): Promise<{ id: string; key: string }>;
  stop(): Promise<void>;
}

/**
 * Starts `npm start`'s server alone (worker off, no demo, production mode) on free ports and a fresh
 * data folder; `env` adds settings such as DATABASE_URL. Waits until it is healthy.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const root = path.resolve(import.meta.dirname, '..');
  // Built here first (if needed), so the wait below is for the start alone.
  ensureBuild({ root });
  const admin = `sk-studio-bench${randomBytes(16).toString('hex')}`;
  const [port, simPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  // BENCH_PROFILE=1 writes a CPU profile of the server into .data/profiles when it stops.
  const flags = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.data', 'profiles')}`]
    : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_ADMIN_KEY: admin,
      STUDIO_DEMO: '0',
      STUDIO_DATA_DIR: dataDir,
      STUDIO_WORKER: 'off',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = `http://127.0.0.1:${port}/api`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHttp(`${api}/health`);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    api,
    pid: child.pid,
    async tenant(name, credits = 0) {
      const res = await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name, credits }),
      });
      const body = (await res.json()) as { api_key: string; tenant: { id: string } };
      if (!res.ok) throw new Error(`tenant-create failed: ${JSON.stringify(body)}`);
      return { id: body.tenant.id, key: body.api_key };
    },
    stop,
  };
}

/** The Studio checkout the benchmarks run. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts a Studio script (`src/worker/main.ts`, `scripts/start.ts`, …) as its own process with `env`
 * added to this one's, and records it in `children` so the benchmark can stop it.
 * `profile` writes a CPU profile into .data/profiles.
 */
export function startScript(
  children: ChildProcess[],
  script: string,
  env: Record<string, string>,
  profile = false,
): ChildProcess {
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, '.data', 'profiles')}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Where an upstream's first model is reached, as Studio's provider clients take it. */
export function benchTarget(u: UpstreamConfig): Target {
  return {
    channel: u.name,
    adapter: u.adapter,
    baseUrl: u.base_url,
    apiKey: u.api_key,
    model: u.models[0]?.model ?? '',
    softTimeoutMs: 60_000,
  };
}
