import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import { errorIssues, type AuthFailure, type Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import type { Identity } from '@/server/domain/auth/identity';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/**
 * Procedure rules checked through `createCaller`, without HTTP: who may call what, the action tables,
 * and the structured issues a refusal carries. The HTTP behaviour of the same rules is in tests/api.
 */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-routers-'));
const config: Config = {
  ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })),
  secret: testSecret,
};
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');

const as = (identity: Identity | null, authFailure: AuthFailure | null = identity ? null : 'missing') => {
  const ctx: Context = { db: t.db, config, files, identity, authFailure, headers: new Headers() };
  return createCaller(ctx);
};
const operator = () => as({ kind: 'admin' });
const tenant = (tenantId: string, extra: Partial<Extract<Identity, { kind: 'tenant' }>> = {}) =>
  as({ kind: 'tenant', tenantId, via: 'key', ...extra });

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

async function newTenant(name: string, credits = 100) {
  const created = await operator().admin.tenantCreate({ name, credits });
  return created.tenant.id;
}

describe('who may call what', () => {
  it('asks for a key, keeps members and the operator out of tenant-only procedures', async () => {
    const tenantId = await newTenant('规则租户');
    expect((await refusal(as(null).balance.get({}))).code).toBe('UNAUTHORIZED');
    expect((await refusal(as(null, 'revoked').balance.get({}))).code).toBe('FORBIDDEN');

    const { account } = await tenant(tenantId).members.create({ email: 'm@rules.cn', nickname: '成员' });
    const member = as({ kind: 'member', tenantId, accountId: account.account_id });
    for (const call of [
      member.members.list({}),
      member.usage.stats({}),
      member.claims.create({ template_ids: ['x'], credits: 1 }),
    ]) {
      const err = await refusal(call);
      expect(err.code).toBe('FORBIDDEN');
      expect(err.message).toMatch(/Do not retry/);
    }
    expect((await member.balance.get({})).pool).toBe('tenant');

    expect((await refusal(operator().balance.get({}))).code).toBe('FORBIDDEN');
    expect((await refusal(tenant(tenantId).admin.tenantList({}))).code).toBe('FORBIDDEN');
    // A buyer's platform account is a tenant of its own but manages no members.
    expect((await refusal(tenant(tenantId, { personal: true }).members.list({}))).code).toBe('FORBIDDEN');
  });
});

describe('action tables', () => {
  it('serves each action once: the REST envelope and the console procedure answer alike', async () => {
    const tenantId = await newTenant('动作租户', 50);
    const viaRest = await operator().admin.action({ action: 'tenant-credit', tenant_id: tenantId, credits: 25 });
    expect(viaRest).toEqual({ ok: true, action: 'tenant-credit', credits: 75 });
    const viaConsole = await operator().admin.tenantCredit({ tenant_id: tenantId, credits: -5 });
    expect(viaConsole).toEqual({ credits: 70 });

    const listed = await operator().admin.tenantList({});
    expect(listed.tenants.find((x) => x.id === tenantId)).toMatchObject({ name: '动作租户', credits: 70, members: 0 });
  });

  it('refuses an unknown action by name and a bad body field by field', async () => {
    const unknown = await refusal(operator().admin.action({ action: 'tenant-destroy' }));
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(unknown.message).toMatch(/Unknown action "tenant-destroy"; known actions: tenant-create/);

    const bad = await refusal(
      operator().admin.action({ action: 'tenant-credit', tenant_id: 'nope', credits: 1.5, extra: true }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    const issues = errorIssues(bad) ?? [];
    expect(issues.map((i) => i.path.join('.')).sort()).toEqual(['', 'credits', 'tenant_id']);
    expect(issues.find((i) => i.path[0] === 'tenant_id')?.message).toBe('must be a tenant id (uuid)');
  });

  it('applies member quota rules through the typed member procedures', async () => {
    const tenantId = await newTenant('配额租户', 100);
    const owner = tenant(tenantId);
    const { account } = await owner.members.create({ email: 'q@rules.cn', nickname: '配额', credits: 60 });
    expect(account).toMatchObject({ mode: 'dedicated', credits: 60, api_key: expect.stringMatching(/^sk-studio-/) });
    const over = await refusal(owner.members.setQuota({ account_id: account.account_id, credits: 101 }));
    expect(over.message).toMatch(/Allocatable credits are insufficient: at most 100/);
    expect(await owner.members.setQuota({ account_id: account.account_id, shared: true })).toEqual({
      account: { account_id: account.account_id, mode: 'shared', credits: null },
      allocatable: 100,
    });
    // Another tenant's account does not exist for this tenant.
    const other = tenant(await newTenant('别家'));
    expect((await refusal(other.members.rekey({ account_id: account.account_id }))).code).toBe('NOT_FOUND');
  });
});

describe("the console's credits against a price", () => {
  it('are what the signed-in user can spend: a dedicated member its own, a shared member and the administrator the pool', async () => {
    const tenantId = await newTenant('额度租户', 100);
    const owner = tenant(tenantId);
    const { account } = await owner.members.create({ email: 'd@rules.cn', nickname: '专属', credits: 30 });
    const member = as({ kind: 'member', tenantId, accountId: account.account_id });
    expect(await member.session.me()).toMatchObject({ kind: 'member', spendable: 30, tenant: { credits: 70 } });
    expect(await owner.session.me()).toMatchObject({ kind: 'tenant', spendable: 70 });
    await owner.members.setQuota({ account_id: account.account_id, credits: 0 });
    // The pool still holds 100, but this member's video or image would be refused: its form says so.
    expect((await member.session.me()).spendable).toBe(0);
    await owner.members.setQuota({ account_id: account.account_id, shared: true });
    expect((await member.session.me()).spendable).toBe(100);
  });
});

describe('refusals name their fields', () => {
  it('carries a domain rule’s field as an issue, with the same text as the message', async () => {
    const tenantId = await newTenant('字段租户');
    const err = await refusal(
      tenant(tenantId).templates.create({
        type: 'article',
        zh_name: '缺格式',
        prompt_template: '写一篇关于{topic}的文章',
        fields: [{ key: 'topic', label: '主题' }],
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/^format: article templates need one of/);
    expect(errorIssues(err)).toEqual([
      { path: ['format'], message: expect.stringMatching(/^article templates need one of/) },
    ]);
  });

  it('points a missing form field of a template at input.<key>', async () => {
    const tenantId = await newTenant('表单租户');
    const owner = tenant(tenantId);
    const { template } = await owner.templates.create({
      type: 'image',
      zh_name: '商品图',
      prompt_template: '{product}，白底',
      fields: [{ key: 'product', label: '商品' }],
    });
    const err = await refusal(owner.jobs.generate({ template_id: template.id, input: {} }));
    expect(errorIssues(err)).toEqual([{ path: ['input', 'product'], message: 'required field "商品" is missing' }]);
  });
});
