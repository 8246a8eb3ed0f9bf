import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, parseEnv } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.STUDIO_DATA_DIR).toBe('./.data');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['DATABASE_DIRECT_URL', 'mysql://localhost/x'],
    // Without DATABASE_URL there is no pooler for it to go around.
    ['DATABASE_DIRECT_URL', 'postgres://db:5432/studio'],
    ['STUDIO_ADMIN_KEY', 'not-a-studio-key'],
    ['STUDIO_SECRET', 'short'],
    ['PUBLIC_BASE_URL', 'ftp://example.com'],
    ['IMAGE_HOST', 'not a url'],
    ['STUDIO_CLIENT_IP_HEADER', 'x forwarded for'],
    ['STUDIO_DRAIN_MS', 'soon'],
    ['STUDIO_DRAIN_MS', '-1'],
    ['STUDIO_DRAIN_DELAY_MS', '200000'],
    ['STUDIO_METRICS_PORT', '70000'],
    ['STUDIO_MIGRATE', 'sometimes'],
    ['STUDIO_HEAP_GROWTH_PERCENT', 'half'],
    ['STUDIO_HEAP_GROWTH_PERCENT', '301'],
    ['STUDIO_RATE_LIMITS', 'articles=10/hour'],
    ['STUDIO_RATE_LIMITS', 'article=10/fortnight'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });

  it('sends sessions (LISTEN, the migration lock, backups) to DATABASE_DIRECT_URL when a pooler is in front', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cfg-'));
    const direct = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, DATABASE_URL: 'postgres://db:5432/studio' }));
    expect(direct).toMatchObject({ databaseSessionUrl: 'postgres://db:5432/studio', databasePooled: false });
    const pooled = buildConfig(
      parseEnv({
        STUDIO_DATA_DIR: dir,
        DATABASE_URL: 'postgres://pgbouncer:6432/studio',
        DATABASE_DIRECT_URL: 'postgres://db:5432/studio',
      }),
    );
    expect(pooled).toMatchObject({
      databaseUrl: 'postgres://pgbouncer:6432/studio',
      databaseSessionUrl: 'postgres://db:5432/studio',
      databasePooled: true,
    });
  });

  it('drains for 25 s by default, migrates at start-up, and has no metrics port until one is set', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cfg-'));
    const config = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir }));
    expect(config.drain).toEqual({ ms: 25_000, delayMs: 0 });
    expect(config.metricsPort).toBeNull();
    expect(config.migrate).toBe(true);
    expect(config.heapGrowthPercent).toBe(50);
    expect(buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_HEAP_GROWTH_PERCENT: '0' })).heapGrowthPercent).toBe(0);
    // The worker's own bound is looser by default, and set apart from the web process's.
    expect(config.workerHeapGrowthPercent).toBe(200);
    const worker = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_WORKER_HEAP_GROWTH_PERCENT: '75' }));
    expect([worker.workerHeapGrowthPercent, worker.heapGrowthPercent]).toEqual([75, 50]);
    expect(() => parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_WORKER_HEAP_GROWTH_PERCENT: '301' })).toThrow(
      /STUDIO_WORKER_HEAP_GROWTH_PERCENT/,
    );
    const set = buildConfig(
      parseEnv({
        STUDIO_DATA_DIR: dir,
        STUDIO_DRAIN_MS: '5000',
        STUDIO_DRAIN_DELAY_MS: '8000',
        STUDIO_METRICS_PORT: '9464',
        STUDIO_MIGRATE: 'off',
      }),
    );
    // The accepting delay is part of the drain budget, never longer than it.
    expect(set.drain).toEqual({ ms: 5_000, delayMs: 5_000 });
    expect(set.metricsPort).toBe(9464);
    expect(set.migrate).toBe(false);
    expect(buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_METRICS_PORT: '' })).metricsPort).toBeNull();
  });

  it('generates the secret once in the data folder and keeps it across restarts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cfg-'));
    const first = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir }));
    const again = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir }));
    expect(first.secret.length).toBe(32);
    expect(again.secret.equals(first.secret)).toBe(true);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first.secret.toString('base64'));
  });

  it('derives image host and public URL defaults from the port', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cfg-'));
    const cfg = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, PORT: '4321', STUDIO_SECRET: 'x'.repeat(40) }));
    expect(cfg.publicBaseUrl).toBe('http://localhost:4321');
    expect(cfg.imageHost).toBe('http://localhost:4321');
    expect(cfg.https).toBe(false);
    const custom = buildConfig(
      parseEnv({
        STUDIO_DATA_DIR: dir,
        PUBLIC_BASE_URL: 'https://studio.example.cn/',
        IMAGE_HOST: 'https://img.example.cn',
        STUDIO_SECRET: 'x'.repeat(40),
      }),
    );
    expect(custom.publicBaseUrl).toBe('https://studio.example.cn');
    expect(custom.imageHost).toBe('https://img.example.cn');
    expect(custom.https).toBe(true);
  });

  it('reads the client address header name in lower case, unset by default', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-cfg-'));
    expect(buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })).clientIpHeader).toBeNull();
    expect(
      buildConfig(
        parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_CLIENT_IP_HEADER: 'X-Real-IP' }),
      ).clientIpHeader,
    ).toBe('x-real-ip');
  });
});
