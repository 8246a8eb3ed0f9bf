import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { alertEvents, callbackDeliveries, consoleUsers, mailOutbox } from '@/server/db/schema';
import { checkAlerts } from '@/server/domain/alerts/check';
import { deliverAlert } from '@/server/domain/alerts/deliver';
import { noteCapReached } from '@/server/domain/alerts/fire';
import { checkKeyCaps, KEY_CAP_RULE, periodStart } from '@/server/domain/alerts/key-caps';
import { createKey } from '@/server/domain/keys/named-keys';
import { spendWindow, takeSpend } from '@/server/domain/keys/spend-cap';
import type { Identity } from '@/server/domain/auth/identity';
import { moveCredits, spendCredits } from '@/server/domain/credits/ledger';
import { decryptSecret } from '@/server/crypto';
import { claim, completeTask, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/** Alerts on a real database: thresholds crossed under concurrent spending fire exactly once, by mail and webhook. */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-alerts-'));
const env = { STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_ALLOW_PRIVATE_CALLBACKS: '1' };
const config: Config = { ...buildConfig(parseEnv(env)), secret: testSecret };
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');

const as = (identity: Identity) =>
  createCaller({ db: t.db, config, files, identity, authFailure: null, headers: new Headers() } satisfies Context);
const tenant = (tenantId: string) => as({ kind: 'tenant', tenantId, via: 'session', userId: 'u' });

const received: { headers: IncomingMessage['headers']; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});
/** The receiver's address: a port of its own (the suite runs on both databases side by side in CI). */
let hook = '';

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function newTenant(name: string, credits: number) {
  const { tenant: row } = await as({ kind: 'admin' }).admin.tenantCreate({ name, credits });
  await t.db.insert(consoleUsers).values([
    { kind: 'tenant_admin', tenantId: row.id, email: `zh-${row.id}@alerts.cn`, passwordHash: 'x', locale: 'zh-CN' },
    { kind: 'tenant_admin', tenantId: row.id, email: `en-${row.id}@alerts.cn`, passwordHash: 'x', locale: 'en' },
  ]);
  return row.id;
}

const spend = (tenantId: string, amount: number, accountId?: string) =>
  spendCredits(t.db, { tenantId, accountId, dedicated: !!accountId, amount, category: 'image' });

/** Runs several alert checks at once, as several workers would. */
const checks = (n: number) => Promise.all(Array.from({ length: n }, () => checkAlerts({ db: t.db, config })));

const alertsOf = (tenantId: string) => t.db.select().from(alertEvents).where(eq(alertEvents.tenantId, tenantId));
const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'alert')));

/** Delivers every queued alert webhook the way the worker does. */
async function deliverQueued() {
  const tasks = await claim(t.db, [QUEUES.alert], 50, 60_000, 'test-worker');
  for (const task of tasks) {
    await deliverAlert({ db: t.db, config }, task);
    await completeTask(t.db, task.id);
  }
  return tasks.length;
}

describe('balance.low', () => {
  it('arrives once by mail and by signed webhook when concurrent spends cross the threshold, and again after a top-up', async () => {
    const tenantId = await newTenant('余额提醒', 1000);
    await tenant(tenantId).alerts.save({ webhook_url: hook, rules: [{ kind: 'balance_low', threshold: 400 }] });
    expect(await checkAlerts({ db: t.db, config })).toBe(0);

    // Twelve spends of 60 at once, with alert checks running beside them: 1000 → 280, below 400.
    await Promise.all([...Array.from({ length: 12 }, () => spend(tenantId, 60)), checks(3)]);
    await checks(4);
    await checks(2);
    const alerts = await alertsOf(tenantId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'balance.low',
      threshold: 400,
      value: 280,
      mails: 2,
      webhookState: 'pending',
    });

    // One mail per admin, each in its reader's language.
    const [zh] = await mailsTo(`zh-${tenantId}@alerts.cn`);
    const [en] = await mailsTo(`en-${tenantId}@alerts.cn`);
    expect(zh?.subject).toContain('余额低于 400 积分');
    expect(en?.subject).toContain('below 400 credits');
    expect(decryptSecret(en?.text ?? '', testSecret)).toContain('280 credits are left');

    // One webhook delivery, signed with the tenant's secret (Standard Webhooks).
    received.length = 0;
    expect(await deliverQueued()).toBe(1);
    expect(await deliverQueued()).toBe(0);
    expect(received).toHaveLength(1);
    const { secret } = await tenant(tenantId).callbacks.secret({});
    const event = new Webhook(secret).verify(received[0]?.body ?? '', {
      'webhook-id': String(received[0]?.headers['webhook-id']),
      'webhook-timestamp': String(received[0]?.headers['webhook-timestamp']),
      'webhook-signature': String(received[0]?.headers['webhook-signature']),
    });
    expect(event).toMatchObject({
      type: 'balance.low',
      data: { tenant_id: tenantId, account_id: null, threshold: 400, value: 280, rule: 'balance_low' },
    });
    const deliveries = await t.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.eventId, alerts[0]?.eventId ?? ''));
    expect(deliveries.map((d) => d.ok)).toEqual(['delivered']);
    const { alerts: listed } = await tenant(tenantId).alerts.list({ limit: 10 });
    expect(listed[0]).toMatchObject({ type: 'balance.low', webhook_state: 'delivered', mails: 2 });
    const history = await tenant(tenantId).callbacks.deliveries({ limit: 5 });
    expect(history.deliveries[0]).toMatchObject({ test: false, job_id: null, state: 'delivered' });

    // More spending below the threshold sends nothing more.
    await spend(tenantId, 30);
    await checks(2);
    expect(await alertsOf(tenantId)).toHaveLength(1);

    // A top-up re-arms it; the next crossing fires again.
    await moveCredits(t.db, { tenantId, amount: 500, kind: 'adjust' });
    await checks(2);
    await Promise.all([...Array.from({ length: 6 }, () => spend(tenantId, 100)), checks(2)]);
    await checks(3);
    const again = await alertsOf(tenantId);
    expect(again).toHaveLength(2);
    expect(again.map((a) => a.type)).toEqual(['balance.low', 'balance.low']);
    expect(await mailsTo(`en-${tenantId}@alerts.cn`)).toHaveLength(2);
    expect(await deliverQueued()).toBe(1);
  });
});

describe('spend.threshold', () => {
  it('fires once per period when concurrent spends pass it; the next period counts from zero', async () => {
    const tenantId = await newTenant('消耗提醒', 5000);
    await tenant(tenantId).alerts.save({
      webhook_url: null,
      rules: [{ kind: 'spend_threshold', threshold: 500, period: 'day' }],
    });
    await Promise.all([...Array.from({ length: 10 }, () => spend(tenantId, 60)), checks(3)]);
    await checks(3);
    const alerts = await alertsOf(tenantId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'spend.threshold', period: 'day', threshold: 500, value: 600 });
    expect(alerts[0]?.webhookState).toBeNull();
    expect(await deliverQueued()).toBe(0);

    // The next day (Asia/Shanghai) is a new period: its spend starts at zero, so nothing fires yet.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await checkAlerts({ db: t.db, config }, tomorrow)).toBe(0);
  });
});

describe('cap.reached', () => {
  it('fires once when a dedicated member spends its credits out, to the admins and the member', async () => {
    const tenantId = await newTenant('上限提醒', 1000);
    const owner = tenant(tenantId);
    const { account } = await owner.members.create({ email: `m-${tenantId}@alerts.cn`, nickname: '小明', credits: 90 });
    await owner.alerts.save({ webhook_url: hook, rules: [{ kind: 'cap_reached', threshold: 0 }] });
    await checks(2);
    expect(await alertsOf(tenantId)).toHaveLength(0);
    await Promise.all([...Array.from({ length: 3 }, () => spend(tenantId, 30, account.account_id)), checks(2)]);
    await checks(3);
    const alerts = await alertsOf(tenantId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'cap.reached',
      accountId: account.account_id,
      rule: 'member_credits',
      value: 0,
    });
    expect(alerts[0]?.mails).toBe(3);
    expect(await mailsTo(`m-${tenantId}@alerts.cn`)).toHaveLength(1);

    // The member's key lists its own alerts; the settings are the admin's.
    const member = as({ kind: 'member', tenantId, accountId: account.account_id });
    expect((await member.alerts.list({ limit: 10 })).alerts).toHaveLength(1);
    const refused = await member.alerts.settings({}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('FORBIDDEN');
    await deliverQueued();
  });

  it('noteCapReached is idempotent per crossing under concurrent calls, and fires again next period', async () => {
    const tenantId = await newTenant('密钥上限', 100);
    const cap = { tenantId, keyId: 'key-1', rule: 'key_daily_credits', period: '2026-03-02', limit: 500, value: 500 };
    const results = await Promise.all(Array.from({ length: 8 }, () => noteCapReached(t.db, cap, config)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await noteCapReached(t.db, { ...cap, period: '2026-03-03' }, config)).not.toBeNull();
    const alerts = await alertsOf(tenantId);
    expect(alerts.map((a) => [a.type, a.keyId, a.periodStart])).toEqual([
      ['cap.reached', 'key-1', '2026-03-02'],
      ['cap.reached', 'key-1', '2026-03-03'],
    ]);
  });
});

describe('cap.reached of a key', () => {
  it("fires once when a key's spend in its Shanghai day reaches its cap, and not for a key below it", async () => {
    const tenantId = await newTenant('密钥花费上限', 1000);
    const who = { kind: 'tenant', tenantId, via: 'key' } as const;
    const policy = { spend_cap: { credits: 30, period: 'day' as const } };
    const full = await createKey({ db: t.db }, who, { label: 'CI 流水线', policy });
    const below = await createKey({ db: t.db }, who, { label: '夜间任务', policy });
    await takeSpend(t.db, { id: full.view.id, named: true, policy }, 30);
    await takeSpend(t.db, { id: below.view.id, named: true, policy }, 29);
    const runs = await Promise.all(Array.from({ length: 3 }, () => checkKeyCaps({ db: t.db, config })));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await checkKeyCaps({ db: t.db, config })).toBe(0);
    const alerts = await alertsOf(tenantId);
    expect(alerts.map((a) => [a.type, a.rule, a.keyId, a.threshold, a.value, a.periodStart])).toEqual([
      ['cap.reached', KEY_CAP_RULE, full.view.id, 30, 30, periodStart(spendWindow('day', new Date()).label)],
    ]);
    expect(periodStart('month:2026-11')).toBe('2026-11-01');
    expect(periodStart('week:2026-11-23')).toBe('2026-11-23');
    await deliverQueued();
  });
});

describe('settings', () => {
  it('refuses what cannot mean anything, naming the field', async () => {
    const tenantId = await newTenant('设置', 100);
    const other = await newTenant('别人', 100);
    const { account } = await tenant(other).members.create({ email: `x-${other}@alerts.cn`, nickname: 'x' });
    const owner = tenant(tenantId);
    const refusal = (input: Parameters<typeof owner.alerts.save>[0]) =>
      owner.alerts.save(input).then(
        () => null,
        (e: unknown) => (e instanceof TRPCError ? `${e.code} ${e.message}` : String(e)),
      );
    expect(await refusal({ webhook_url: null, rules: [{ kind: 'spend_threshold', threshold: 1 }] })).toMatch(
      /BAD_REQUEST.*period/,
    );
    expect(
      await refusal({
        webhook_url: null,
        rules: [{ kind: 'balance_low', threshold: 1, account_id: account.account_id }],
      }),
    ).toMatch(/BAD_REQUEST.*no member of yours/);
    expect(
      await refusal({
        webhook_url: null,
        rules: [
          { kind: 'balance_low', threshold: 1 },
          { kind: 'balance_low', threshold: 2 },
        ],
      }),
    ).toMatch(/BAD_REQUEST.*twice/);
    const saved = await owner.alerts.save({
      webhook_url: hook,
      rules: [{ kind: 'spend_threshold', threshold: 10, period: 'week' }],
    });
    expect(saved).toMatchObject({
      webhook_url: hook,
      rules: [{ kind: 'spend_threshold', threshold: 10, period: 'week' }],
    });
    expect(await tenant(other).alerts.settings({})).toMatchObject({ webhook_url: null, rules: [] });
  });
});
