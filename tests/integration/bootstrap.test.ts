import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, buildConfig } from '@/server/config';
import { decryptSecret } from '@/server/crypto';
import { consoleUsers, mailOutbox } from '@/server/db/schema';
import { resolveKey } from '@/server/domain/auth/api-keys';
import { changePassword } from '@/server/domain/auth/password-change';
import { requestPasswordReset, resetPassword } from '@/server/domain/auth/password-reset';
import { getBalance } from '@/server/domain/credits/balance';
import { bootstrap, DEMO_TENANT } from '@/server/domain/setup/bootstrap';
import { DEMO_EMAIL, demoLoginFile } from '@/server/domain/setup/demo-login';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const config = buildConfig(parseEnv({ STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-boot-')) }));

describe('first start', () => {
  it('generates the admin key and the demo tenant once', async () => {
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

describe('demo-login.txt', () => {
  // Runs after the first start above, with its demo tenant and its file.
  it('never keeps a password that no longer works: changed on the account page, or reset by a link', async () => {
    const file = demoLoginFile(config.dataDir);
    const first = /^password: (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(first.length).toBeGreaterThanOrEqual(8);
    const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, DEMO_EMAIL));
    const change = { userId: user?.id ?? '', address: '198.51.100.7', keepSession: null };
    expect(
      await changePassword({ db: t.db, config }, { ...change, current: first, next: 'chosen-by-owner-1' }),
    ).toEqual({ ok: true, email: DEMO_EMAIL });
    const changed = readFileSync(file, 'utf8');
    expect(changed).not.toContain(first);
    expect(changed).toMatch(/^password: changed on \d{4}-\d{2}-\d{2} by its owner; no longer kept here$/m);
    expect(changed).toContain(`email: ${DEMO_EMAIL}`);

    // A reset through the mailed link writes no password either.
    const asked = await requestPasswordReset(
      { db: t.db, config },
      { email: DEMO_EMAIL, address: change.address, locale: 'en' },
    );
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, asked.sent ? asked.mailId : ''));
    const token = /\/login\/reset\/([A-Za-z0-9_-]+)/.exec(decryptSecret(mail?.text ?? '', config.secret))?.[1] ?? '';
    await resetPassword({ db: t.db, config }, { token, password: 'reset-by-owner-2' });
    const reset = readFileSync(file, 'utf8');
    expect(reset).not.toContain('reset-by-owner-2');
    expect(reset).not.toContain('chosen-by-owner-1');
    expect(reset).toMatch(/^password: changed on /m);
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
