import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when there is no build yet or the sources changed since the last one. */
export function ensureBuild(): void {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const configs = ['next.config.mjs', 'tailwind.config.ts', 'postcss.config.mjs'].map((f) => path.join(root, f)).filter((f) => existsSync(f));
  // The message catalogues are bundled too: a changed translation needs a new build.
  const newest = Math.max(...['src', 'messages'].map((d) => newestMtime(path.join(root, d))), ...configs.map((f) => statSync(f).mtimeMs));
  const stale = !existsSync(buildId) || newest > statSync(buildId).mtimeMs;
  if (!stale) return;
  console.log('Building the web app (first start, or the sources changed)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
}

