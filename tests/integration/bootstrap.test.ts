import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, buildConfig } from '@/server/config';
import { resolveKey } from '@/server/domain/auth/api-keys';
import { getBalance } from '@/server/domain/credits/balance';
import { bootstrap, DEMO_TENANT } from '@/server/domain/setup/bootstrap';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

describe('first start', () => {
  it('generates the admin key and the demo tenant once', async () => {
    const config = buildConfig(parseEnv({ STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-boot-')) }));
    const first = await bootstrap(t.db, config);
    expect(first.generatedAdminKey).toMatch(/^sk-studio-/);
    expect(first.demo?.tenantName).toBe(DEMO_TENANT.name);
    const admin = await resolveKey(t.db, { configured: undefined }, first.generatedAdminKey ?? '');
    expect(admin).toEqual({ ok: true, identity: { kind: 'admin', via: 'key' } });
    const demo = await resolveKey(t.db, { configured: undefined }, first.demo?.apiKey ?? '');
    expect(demo.ok && demo.identity.kind).toBe('tenant');
    if (demo.ok && demo.identity.kind === 'tenant') {
      expect(await getBalance({ db: t.db }, demo.identity)).toEqual({ credits: DEMO_TENANT.credits, pool: 'tenant' });
    }

    const second = await bootstrap(t.db, config);
    expect(second).toEqual({ generatedAdminKey: null, demo: null });
    const rows = await t.db.execute(sql`select count(*)::int as n from tenants`);
    expect(JSON.stringify(rows)).toContain('"n":1');
  });
});

describe('operator CLI', () => {
  it('creates a tenant and prints it as JSON, and reports errors as JSON', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-cli-')),
      STUDIO_DEMO: '0',
    };
    if (t.url) env.DATABASE_URL = t.url;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env, encoding: 'utf8' });
    const created = run('tenant', 'create', '--name', 'Acme 公司', '--credits', '5000');
    expect(created.status, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout) as {
      ok: boolean;
      tenant: { id: string; credits: number; name: string };
      api_key: string;
    };
    expect(out).toMatchObject({ ok: true, tenant: { name: 'Acme 公司', credits: 5000 } });
    expect(out.api_key).toMatch(/^sk-studio-/);

    const credited = run('tenant', 'credit', '--id', out.tenant.id, '--credits=-1000');
    expect(JSON.parse(credited.stdout)).toEqual({ ok: true, credits: 4000 });

    const bad = run('tenant', 'create', '--credits', 'lots');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stderr)).toEqual({ ok: false, error: '--name is required' });
    // Three cold starts of the CLI (TypeScript loader, embedded database, migrations) on a busy machine.
  }, 120_000);
});
