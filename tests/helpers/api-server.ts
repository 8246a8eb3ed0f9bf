import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build';
import { answerChecker, recordedAnswers } from './answer-check';
import { withDatabase } from './test-db';
import { freePort } from '../../scripts/free-port';

export const ADMIN_KEY = 'sk-studio-testadmin000000000000000000000000';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    adminKey: string;
    dataDir: string;
    simOrigin: string;
  }
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface StudioServer {
  base: string;
  dataDir: string;
  simOrigin: string;
  /** The server's process (a shutdown test signals it and reads its exit code). */
  child: ChildProcess;
  /** What the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a Studio server (the app must be built) on free ports, a fresh data folder and, with
 * DATABASE_URL, a fresh PostgreSQL database (unless `env` names a database of the caller's). `env` adds or overrides settings. The server records
 * its answers under /api; `stop()` fails, listing them, when any is outside the OpenAPI document
 * (tests/helpers/answer-check.ts).
 */
export async function startStudio(env: Record<string, string> = {}): Promise<StudioServer> {
  const port = await freePort();
  const simPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-api-'));
  const answerLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-answers-')), 'answers.jsonl');
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    STUDIO_DATA_DIR: dataDir,
    STUDIO_ADMIN_KEY: ADMIN_KEY,
    STUDIO_DEMO: '0',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    STUDIO_SIM_PORT: String(simPort),
    // Test receivers listen on loopback; back-off is shortened so retries happen within a test.
    STUDIO_ALLOW_PRIVATE_CALLBACKS: '1',
    STUDIO_CALLBACK_BACKOFF_MS: '200',
    // Video tasks are polled within a test's time, not every few seconds.
    STUDIO_VIDEO_POLL_FIRST_MS: '100',
    STUDIO_VIDEO_POLL_MAX_MS: '400',
    // The image-to-template watchdog test waits for it: seconds, not the default 5 minutes.
    STUDIO_TEMPLATE_WATCHDOG_MS: '6000',
    STUDIO_ANSWER_LOG: answerLog,
    ...env,
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  // A database given in `env` is the caller's; otherwise a fresh one on DATABASE_URL's server.
  if (process.env.DATABASE_URL && !env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const name = `studio_api_${randomBytes(6).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    fullEnv.DATABASE_URL = withDatabase(process.env.DATABASE_URL, name);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, () => log);
  const checker = answerChecker((await (await fetch(`${base}/api/openapi.json`)).json()) as OpenAPIObject);
  return {
    base,
    dataDir,
    simOrigin: `http://127.0.0.1:${simPort}`,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
      const violations = checker.check(recordedAnswers(answerLog));
      rmSync(path.dirname(answerLog), { recursive: true, force: true });
      if (violations.length > 0) {
        throw new Error(`Answers outside the OpenAPI document (${violations.length}):\n${violations.join('\n')}`);
      }
    },
  };
}

/** Starts one Studio server (built if needed) shared by all API tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuild();
  const server = await startStudio();
  project.provide('apiBase', server.base);
  project.provide('adminKey', ADMIN_KEY);
  project.provide('dataDir', server.dataDir);
  project.provide('simOrigin', server.simOrigin);
  return async () => {
    try {
      await server.stop();
    } catch (err) {
      // Vitest only logs an error of a global teardown; an answer outside the document fails the run.
      process.exitCode = 1;
      throw err;
    }
  };
}
