import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTING_NAMES } from '@/server/config';

/** compose.yaml, the Dockerfile and deploy/nginx.conf describe processes of this code: they must stay in step with it. */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const studio = Object.entries(services).filter(([, s]) => s.image === 'studio:latest');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } };
const dockerfile = read('Dockerfile');
/** The simulator's own settings (src/sim/main.ts reads them directly). */
const SIMULATOR_SETTINGS = ['STUDIO_SIM_HOST', 'STUDIO_SIM_PORT', 'STUDIO_SIM_LATENCY_MS'];

describe('compose.yaml', () => {
  it('runs PostgreSQL, an S3-compatible store, two web processes, two workers and a front', () => {
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    const web = studio.filter(([name]) => name.startsWith('web-'));
    const workers = studio.filter(([, s]) => s.command?.join(' ').includes('src/worker/main.ts'));
    expect(web).toHaveLength(2);
    expect(workers).toHaveLength(2);
    for (const [, s] of web) expect(s.environment?.STUDIO_WORKER).toBe('off');
    expect(services.front?.image).toMatch(/^nginx:/);
  });

  it('sets only settings Studio knows, and the ones every process must share', () => {
    for (const [name, s] of studio) {
      for (const key of Object.keys(s.environment ?? {})) {
        expect([...SETTING_NAMES, ...SIMULATOR_SETTINGS], `${name}: ${key}`).toContain(key);
      }
      if (name === 'simulator') continue;
      expect(s.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(s.environment?.STUDIO_SECRET, name).toBeDefined();
      expect(s.environment?.S3_BUCKET, name).toBeDefined();
    }
  });

  it('migrates once as a release step before any web process or worker starts', () => {
    expect(services.migrate?.command).toEqual(['npm', 'run', 'migrate']);
    expect(packageJson.scripts.migrate).toBeDefined();
    for (const [name, s] of studio.filter(([n]) => n.startsWith('web-') || n.startsWith('worker-'))) {
      expect(s.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      expect(s.environment?.STUDIO_MIGRATE, name).toBe('off');
    }
  });

  it('starts entry points and scripts that exist', () => {
    for (const [name, s] of studio) {
      const command = s.command ?? ['node', '--import', 'tsx', 'scripts/start.ts'];
      if (command[0] === 'npm') expect(packageJson.scripts[command[2] ?? ''], name).toBeDefined();
      else expect(existsSync(path.join(root, command.at(-1) ?? '')), `${name}: ${command.join(' ')}`).toBe(true);
    }
  });
});

describe('Dockerfile', () => {
  it('builds on a Node that package.json allows, runs as a non-root user with a health check, and starts the launcher', () => {
    const major = Number(/ARG NODE_IMAGE=node:(\d+)/.exec(dockerfile)?.[1]);
    expect(packageJson.engines.node).toBe('>=20.19');
    expect(major).toBeGreaterThanOrEqual(20);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]+\/api\/health/);
    expect(existsSync(path.join(root, 'src/app/api/health/route.ts'))).toBe(true);
    expect(dockerfile).toContain('CMD ["node", "--import", "tsx", "scripts/start.ts"]');
    // The image is built once; it never rebuilds at start.
    expect(dockerfile).toMatch(/STUDIO_BUILD=never/);
    for (const [, from] of dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) /gm)) {
      if (from && !['node_modules', '.next'].includes(from)) expect(existsSync(path.join(root, from)), from).toBe(true);
    }
  });
});

describe('deploy/nginx.conf', () => {
  it('balances over exactly the web services, on the port the image listens on', () => {
    const servers = [...read('deploy/nginx.conf').matchAll(/^\s*server (\S+):(\d+)/gm)].map(
      ([, host, port]) => `${host}:${port}`,
    );
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    const web = studio.filter(([name]) => name.startsWith('web-')).map(([name]) => `${name}:${port}`);
    expect(servers.sort()).toEqual(web.sort());
  });
});
