import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuild } from './ensure-build';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with sources and a build; `fresh` says whether the build is newer than the sources. */
function checkout(fresh: boolean): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'studio-build-'));
  made.push(root);
  for (const dir of ['src', 'messages', '.next']) mkdirSync(path.join(root, dir));
  writeFileSync(path.join(root, 'src', 'page.tsx'), 'export {}');
  writeFileSync(path.join(root, 'messages', 'en.json'), '{}');
  writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'one');
  const [older, newer] = [new Date(Date.now() - 60_000), new Date()];
  utimesSync(path.join(root, '.next', 'BUILD_ID'), fresh ? newer : older, fresh ? newer : older);
  utimesSync(path.join(root, 'src', 'page.tsx'), fresh ? older : newer, fresh ? older : newer);
  // The catalogue too: written a moment ago, it could otherwise be a fraction of a millisecond newer than the build.
  utimesSync(path.join(root, 'messages', 'en.json'), older, older);
  return root;
}

/** A build that only marks the build as done. */
function fakeBuild(calls: string[]) {
  return (root: string) => {
    calls.push(root);
    writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'two');
    // A real build ends well after the sources it read were written; the file system's clock can be
    // coarser than Date.now(), so the finished build is dated explicitly.
    const finished = new Date(Date.now() + 1000);
    utimesSync(path.join(root, '.next', 'BUILD_ID'), finished, finished);
  };
}

describe('ensureBuild', () => {
  it('builds a stale checkout once, and a second run finds it fresh', () => {
    const root = checkout(false);
    const calls: string[] = [];
    ensureBuild({ root, runBuild: fakeBuild(calls) });
    ensureBuild({ root, runBuild: fakeBuild(calls) });
    expect(calls).toEqual([root]);
  });

  it('leaves a fresh build alone and records a serving process until it exits', () => {
    const root = checkout(true);
    const calls: string[] = [];
    ensureBuild({ root, serve: true, runBuild: fakeBuild(calls) });
    expect(calls).toEqual([]);
    expect(readdirSync(path.join(root, '.studio-build', 'users'))).toEqual([String(process.pid)]);
    expect(readdirSync(path.join(root, '.studio-build'))).not.toContain('build.lock');
  });

  it('refuses to rebuild under another live process serving the build, and says which', async () => {
    const root = checkout(false);
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      mkdirSync(path.join(root, '.studio-build', 'users'), { recursive: true });
      writeFileSync(path.join(root, '.studio-build', 'users', String(server.pid)), '');
      const calls: string[] = [];
      expect(() => ensureBuild({ root, runBuild: fakeBuild(calls) })).toThrow(
        `Studio process ${server.pid} is serving the current build`,
      );
      expect(calls).toEqual([]);
    } finally {
      server.kill();
      await new Promise((r) => server.once('exit', r));
    }
    // Once it is gone, its mark is cleared and the build goes ahead.
    const calls: string[] = [];
    ensureBuild({ root, runBuild: fakeBuild(calls) });
    expect(calls).toEqual([root]);
  });

  it('takes over a lock left by a process that died', () => {
    const root = checkout(false);
    mkdirSync(path.join(root, '.studio-build'), { recursive: true });
    writeFileSync(path.join(root, '.studio-build', 'build.lock'), '999999999');
    const calls: string[] = [];
    ensureBuild({ root, runBuild: fakeBuild(calls) });
    expect(calls).toEqual([root]);
  });
});
