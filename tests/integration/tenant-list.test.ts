import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { createMember } from '@/server/domain/members/members';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/** The operator's tenant list: who runs each tenant and how many members it has, as the Tenants page shows them. */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-tenant-list-'));
const config: Config = {
  ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })),
  secret: testSecret,
};
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
const operator = () =>
  createCaller({
    db: t.db,
    config,
    files,
    identity: { kind: 'admin', via: 'session' },
    authFailure: null,
    headers: new Headers(),
  } satisfies Context);

describe('tenant list', () => {
  it("shows each tenant's console login and member count, not another tenant's or a row's own id", async () => {
    const run = await operator().admin.tenantCreate({
      name: '星河',
      credits: 10,
      admin_email: 'Boss@Xinghe.cn',
      admin_password: 'password123',
    });
    const bare = await operator().admin.tenantCreate({ name: '无登录', credits: 5 });
    const who = { kind: 'tenant' as const, tenantId: run.tenant.id, via: 'key' as const };
    await createMember({ db: t.db, config }, who, { nickname: '小王', email: 'w@xinghe.cn' });
    await createMember({ db: t.db, config }, who, {
      nickname: '小李',
      email: 'l@xinghe.cn',
      credits: 3,
    });

    const { tenants } = await operator().admin.tenantList({});
    expect(tenants.find((x) => x.id === run.tenant.id)).toMatchObject({
      admin_email: 'boss@xinghe.cn',
      members: 2,
      // The pool after 3 credits were set aside for 小李.
      credits: 7,
    });
    expect(tenants.find((x) => x.id === bare.tenant.id)).toMatchObject({ admin_email: null, members: 0 });
  });
});
