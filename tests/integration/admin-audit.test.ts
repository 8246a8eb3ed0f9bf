import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import { withRequestId } from '@/server/request-id';
import { storeMail } from '@/server/mail/outbox';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/** The audit log through the console's procedures: one row per change in the change's transaction, none for reads or failures. */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-audit-'));
const config: Config = {
  ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })),
  secret: testSecret,
};
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
const as = (identity: AdminIdentity) =>
  createCaller({ db: t.db, config, files, identity, authFailure: null, headers: new Headers() } satisfies Context);
const console_ = () => as({ kind: 'admin', via: 'session' });

describe('operator audit log', () => {
  it('records console changes as operator-console with before, after and the request id', async () => {
    const op = console_();
    const created = await withRequestId('req-int-1', () =>
      op.admin.tenantCreate({
        name: '审计',
        credits: 10,
        admin_email: 'audit-int@shop.cn',
        admin_password: 'password123',
      }),
    );
    const id = created.tenant.id;
    await op.admin.tenantCredit({ tenant_id: id, credits: 5, note: 'x' });
    const { entries } = await op.admin.auditList({ tenant_id: id });
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['tenant-credit', 'operator-console'],
      ['tenant-create', 'operator-console'],
    ]);
    expect(entries[1]?.request_id).toBe('req-int-1');
    expect(entries[0]?.before).toMatchObject({ credits: 10 });
    expect(entries[0]?.after).toMatchObject({ credits: 15 });
    expect(JSON.stringify(entries)).not.toContain('password123');
    expect(JSON.stringify(entries)).not.toContain(created.api_key);
  });

  it('writes nothing for a failed action and leaves its change undone', async () => {
    const op = console_();
    const { tenant } = await op.admin.tenantCreate({ name: '失败', credits: 3 });
    await expect(op.admin.tenantCredit({ tenant_id: tenant.id, credits: -4 })).rejects.toThrow(/fewer than 4/);
    await expect(op.admin.tenantBind({ tenant_id: tenant.id, model: 'nothing-like-it' })).rejects.toThrow(/neither/);
    await op.admin.tenantList({});
    const { entries } = await op.admin.auditList({ tenant_id: tenant.id });
    expect(entries.map((e) => e.action)).toEqual(['tenant-create']);
    const ledger = await op.admin.tenantLedger({ tenant_id: tenant.id });
    expect(ledger.entries.map((e) => e.amount)).toEqual([3]);
  });

  it('names the admin key as the actor of REST calls', async () => {
    const op = as({ kind: 'admin', via: 'key' });
    const { tenant } = await op.admin.tenantCreate({ name: 'REST' });
    await op.admin.action({ action: 'tenant-markup', tenant_id: tenant.id, markup: 2 });
    const { entries } = await op.admin.auditList({ tenant_id: tenant.id, audited_action: 'tenant-markup' });
    expect(entries).toMatchObject([{ actor: 'admin-key', before: { markup: 1 }, after: { markup: 2 } }]);
  });
  it('passes a waiting mail on once through the console, audited without its text', async () => {
    const op = console_();
    const mail = await storeMail(t.db, config, {
      to: 'pass-on@shop.cn',
      subject: '重设您的 Studio 密码',
      text: '打开 http://studio.test/login/reset/tokentokentoken',
      html: '<a href="http://studio.test/login/reset/tokentokentoken">x</a>',
      locale: 'zh-CN',
      kind: 'password_reset',
    });
    const listed = (await op.admin.mailList({})).mails.find((m) => m.id === mail.id);
    expect(listed).toMatchObject({ status: 'stored', can_pass_on: true, text: null });
    const passed = await op.admin.mailPassOn({ id: mail.id });
    expect(passed.text).toContain('/login/reset/tokentokentoken');
    await expect(op.admin.mailPassOn({ id: mail.id })).rejects.toThrow(/already passed on/);
    const { entries } = await op.admin.auditList({ audited_action: 'mail-pass-on' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_kind: 'mail',
      target_id: mail.id,
      before: { to: 'pass-on@shop.cn', status: 'stored' },
      after: { status: 'sent' },
    });
    expect(JSON.stringify(entries)).not.toContain('tokentokentoken');
  });
});
