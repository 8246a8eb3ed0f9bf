import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Where one checkout keeps its build and, beside `.next` (which `next build` empties), who uses it. */
function places(root: string) {
  const registry = path.join(root, '.studio-build');
  return { root, registry, lockFile: path.join(registry, 'build.lock'), usersDir: path.join(registry, 'users') };
}
type Places = ReturnType<typeof places>;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function stale({ root }: Places): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const configs = ['next.config.mjs', 'tailwind.config.ts', 'postcss.config.mjs']
    .map((f) => path.join(root, f))
    .filter((f) => existsSync(f));
  // The message catalogues are bundled too: a changed translation needs a new build.
  const newest = Math.max(
    ...['src', 'messages'].map((d) => newestMtime(path.join(root, d))),
    ...configs.map((f) => statSync(f).mtimeMs),
  );
  return newest > statSync(buildId).mtimeMs;
}

/** Other live processes serving the current build (see `useBuild`). */
function otherUsers({ usersDir }: Places): number[] {
  if (!existsSync(usersDir)) return [];
  return readdirSync(usersDir)
    .map(Number)
    .filter((pid) => {
      if (pid === process.pid) return false;
      if (alive(pid)) return true;
      rmSync(path.join(usersDir, String(pid)), { force: true });
      return false;
    });
}

/** Takes the build lock (one build at a time per checkout), waiting for a live holder; false on time-out. */
function lock({ registry, lockFile }: Places, deadline: number): boolean {
  mkdirSync(registry, { recursive: true });
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (!alive(holder)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) return false;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

/**
 * Builds the web app when there is no build yet or the sources changed since the last one, so that
 * `npm start` works from a fresh checkout and after an edit. It never pulls a build from under a
 * running server: builds in one checkout take turns (a lock beside `.next`), a run that finds the build
 * fresh after waiting uses it, and a stale build that another live Studio process serves is refused with
 * a message instead of rebuilt under it. With `serve`, this process is recorded as serving the build
 * until it exits (under the same lock, so no build starts in between). `STUDIO_BUILD=never` (production
 * images, built once by `npm run build`) only checks that a build exists.
 */
export function ensureBuild(options: { serve?: boolean; root?: string; runBuild?: (root: string) => void } = {}): void {
  const at = places(options.root ?? projectRoot);
  if (process.env.STUDIO_BUILD === 'never') {
    if (!existsSync(path.join(at.root, '.next', 'BUILD_ID')))
      throw new Error('STUDIO_BUILD=never, but there is no build: run `npm run build` first.');
    return;
  }
  if (!options.serve && !stale(at)) return;
  if (!lock(at, Date.now() + 15 * 60_000)) {
    throw new Error(
      `Another build of this checkout has been running for 15 minutes (${at.lockFile}); stop it or remove the file.`,
    );
  }
  try {
    if (stale(at)) build(at, options.runBuild ?? nextBuild);
    if (options.serve) serving(at);
  } finally {
    rmSync(at.lockFile, { force: true });
  }
}

function build(at: Places, runBuild: (root: string) => void): void {
  const users = otherUsers(at);
  if (users.length > 0) {
    throw new Error(
      `The web app's sources changed, but Studio process ${users.join(', ')} is serving the current build from .next: ` +
        'stop it first (rebuilding under a running server breaks it), or run the new code from another checkout.',
    );
  }
  console.log('Building the web app (first start, or the sources changed)...');
  runBuild(at.root);
}

function nextBuild(root: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  if (result.status !== 0) throw new Error('next build failed');
}

function serving({ usersDir }: Places): void {
  mkdirSync(usersDir, { recursive: true });
  const mark = path.join(usersDir, String(process.pid));
  writeFileSync(mark, '');
  process.once('exit', () => rmSync(mark, { force: true }));
}
