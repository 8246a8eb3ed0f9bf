import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs, keySpend, keyStreams, ledgerEntries, upstreamAttempts } from '@/server/db/schema';
import { createCaller } from '@/server/api/root';
import type { KeyPolicyInput } from '@/contracts/keys';
import { OPERATOR, type TenantIdentity } from '@/server/domain/auth/identity';
import { createMember } from '@/server/domain/members/members';
import { createTenant } from '@/server/domain/tenants/tenants';
import { endJob } from '@/server/domain/jobs/lifecycle';
import { spendWindow } from '@/server/domain/keys/spend-cap';
import { serveChatRequest } from '@/server/edge/chat/serve';
import { closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { flushAttempts } from '@/server/upstreams/engine';
import { LocalFileStore } from '@/server/storage/store';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routingSuite } from '../helpers/routing-sim';
import { testSecret } from '../helpers/test-db';
import { keyContext, keyTestConfig, outcome, sessionCaller } from '../helpers/key-policy';

/**
 * What remains of a key's policy beyond kinds, expiry, addresses and rate: changing it after creation,
 * a member's default, the primary keys, model names, concurrent work and the spend cap, each refused
 * before anything is charged, the cap exact under concurrent submissions.
 */
const suite = routingSuite();
const config = keyTestConfig();

async function newTenant(credits = 1_000): Promise<TenantIdentity> {
  const { tenant } = await createTenant({ db: suite.t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `限额租户 ${Math.random().toString(36).slice(2, 8)}`,
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'session', userId: 'console' };
}

const console_ = (who: TenantIdentity) => sessionCaller(suite.t.db, config, who);
const namedKey = (who: TenantIdentity, policy?: KeyPolicyInput, label = 'CI') =>
  console_(who).keys.create({ label, ...(policy ? { policy } : {}) });
const callerWith = async (key: string, address = '203.0.113.7') =>
  createCaller(await keyContext(suite.t.db, config, key, address));
const generate = async (
  key: string,
  input: { prompt: string; model?: string; quality?: 'low' | 'medium' } = { prompt: '一只猫' },
) => outcome(async () => (await callerWith(key)).jobs.generate({ quality: 'low', ...input }));

async function imageCharges(tenantId: string): Promise<{ rows: number; credits: number }> {
  const [row] = await suite.t.db
    .select({ rows: sql<number>`count(*)::int`, credits: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.category, 'image')),
    );
  return { rows: row?.rows ?? 0, credits: row?.credits ?? 0 };
}

async function spentOf(keyId: string): Promise<number> {
  const rows = await suite.t.db.select({ spent: keySpend.spent }).from(keySpend).where(eq(keySpend.keyId, keyId));
  return rows.reduce((s, r) => s + r.spent, 0);
}

describe('changing a key', () => {
  it('replaces its label and policy, audited, from the next request on', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { kinds: ['chat'] });
    expect(await generate(made.api_key)).toMatchObject({ status: 403 });
    const changed = await console_(who).keys.update({
      id: made.key.id,
      label: 'CI images',
      policy: { kinds: ['image'] },
    });
    expect(changed.key).toMatchObject({ label: 'CI images', policy: { kinds: ['image'] } });
    expect(await generate(made.api_key)).toBe('ok');
    const [audit] = await suite.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, who.tenantId), eq(auditLog.action, 'key-update')));
    expect(audit).toMatchObject({
      actor: 'tenant-console',
      targetId: made.key.id,
      before: { label: 'CI', policy: { kinds: ['chat'] } },
      after: { label: 'CI images', policy: { kinds: ['image'] } },
    });
    // null removes the policy; a past expiry, another tenant's key and a named key as caller are refused.
    expect((await console_(who).keys.update({ id: made.key.id, policy: null })).key.policy).toBeNull();
    expect(
      await outcome(() =>
        console_(who).keys.update({ id: made.key.id, policy: { expires_at: '2020-01-01T00:00:00Z' } }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringContaining('policy.expires_at') });
    const other = await newTenant();
    expect(await outcome(() => console_(other).keys.update({ id: made.key.id, label: 'x' }))).toMatchObject({
      status: 404,
    });
    expect(
      await outcome(async () => (await callerWith(made.api_key)).keys.update({ id: made.key.id, policy: null })),
    ).toMatchObject({ status: 403 });
  });

  it('gives a primary key a policy, and nothing changes for one without', async () => {
    const who = await newTenant();
    const primary = (await console_(who).keys.list({})).keys.find((k) => k.primary);
    const { account } = await createMember({ db: suite.t.db, config: { secret: testSecret } }, who, {
      email: `primary-${Date.now()}@example.cn`,
      nickname: '主钥匙',
    });
    // The member's primary key: without a policy it works as before.
    expect(await generate(account.api_key)).toBe('ok');
    const memberPrimary = (await console_(who).keys.list({ account_id: account.account_id })).keys[0];
    await console_(who).keys.update({ id: memberPrimary?.id ?? '', policy: { kinds: ['chat'] } });
    expect(await generate(account.api_key)).toMatchObject({ status: 403, message: expect.stringContaining('"kinds"') });
    // A member cannot lift the policy of its own primary key; a primary key takes no label.
    const member = await callerWith(account.api_key);
    expect(await outcome(() => member.keys.update({ id: memberPrimary?.id ?? '', policy: null }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('set by the tenant'),
    });
    expect(await outcome(() => console_(who).keys.update({ id: primary?.id ?? '', label: 'main' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('label'),
    });
    // After a rekey the new primary key keeps the policy.
    const rekeyed = await console_(who).members.rekey({ account_id: account.account_id });
    expect(await generate(rekeyed.account.api_key)).toMatchObject({ status: 403 });
  });
});

describe('a member’s default policy', () => {
  it('applies whole to the member’s keys without a policy of their own, the primary key included', async () => {
    const who = await newTenant();
    const { account } = await createMember({ db: suite.t.db, config: { secret: testSecret } }, who, {
      email: `default-${Date.now()}@example.cn`,
      nickname: '默认',
    });
    const member = await callerWith(account.api_key);
    const bare = await member.keys.create({ label: 'bare' });
    const own = await member.keys.create({ label: 'own', policy: { requests_per_minute: 100 } });
    const set = await console_(who).keys.memberPolicy({ account_id: account.account_id, policy: { kinds: ['chat'] } });
    expect(set.policy).toEqual({ kinds: ['chat'] });
    expect((await console_(who).members.list({})).accounts[0]?.default_key_policy).toEqual({ kinds: ['chat'] });
    expect(await generate(account.api_key)).toMatchObject({ status: 403, message: expect.stringContaining('"kinds"') });
    expect(await generate(bare.api_key)).toMatchObject({ status: 403 });
    // A key with a policy of its own keeps only its own (its kinds are not narrowed by the default).
    expect(await generate(own.api_key)).toBe('ok');
    // A member cannot set its default; removing it lifts it from the next request.
    expect(
      await outcome(() => member.keys.memberPolicy({ account_id: account.account_id, policy: null })),
    ).toMatchObject({ status: 403 });
    await console_(who).keys.memberPolicy({ account_id: account.account_id, policy: null });
    expect(await generate(bare.api_key)).toBe('ok');
    expect(
      await suite.t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, who.tenantId), eq(auditLog.action, 'member-key-policy'))),
    ).toHaveLength(2);
  });
});

describe('model names', () => {
  it('refuse another image model with 403 naming the rule, before any job or charge', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { kinds: ['image'], models: ['imagegen-1'] });
    expect(await generate(made.api_key, { prompt: '一只猫', model: 'imagegen-2' })).toMatchObject({
      status: 403,
      message: expect.stringMatching(/"models".*not imagegen-2.*will not help/),
    });
    // A request naming no model is judged as `auto`, which this key does not list.
    expect(await generate(made.api_key)).toMatchObject({ status: 403, message: expect.stringContaining('auto') });
    expect(await imageCharges(who.tenantId)).toEqual({ rows: 0, credits: 0 });
    expect(await generate(made.api_key, { prompt: '一只猫', model: 'imagegen-1' })).toBe('ok');
    expect((await imageCharges(who.tenantId)).rows).toBe(1);
  });

  it('judge a video by its tier', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { models: ['videomodel-2-0-fast-260801'] });
    const refused = await outcome(async () =>
      (await callerWith(made.api_key)).videos.submit({
        prompt: '海浪',
        model: 'videomodel-2-5-pro-260801',
        duration: 5,
      }),
    );
    expect(refused).toMatchObject({ status: 403, message: expect.stringContaining('"models"') });
    const [made_] = await suite.t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.tenantId, who.tenantId));
    expect(made_).toBeUndefined();
  });
});

describe('concurrent work', () => {
  it('refuses a job over max_concurrent with 429 and Retry-After until one ends', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { max_concurrent: 2 });
    const first = await (await callerWith(made.api_key)).jobs.generate({ prompt: '一', quality: 'low' });
    expect(await generate(made.api_key)).toBe('ok');
    const over = await generate(made.api_key);
    expect(over).toMatchObject({
      status: 429,
      message: expect.stringMatching(/"max_concurrent".*has 2.*retrying after one of them ends will help/),
    });
    expect(over === 'ok' ? 0 : (over.retryAfter ?? 0)).toBeGreaterThanOrEqual(1);
    expect((await imageCharges(who.tenantId)).rows).toBe(2);
    // Other keys of the tenant are not counted; a finished job frees its slot.
    expect(await generate((await namedKey(who)).api_key)).toBe('ok');
    await suite.t.db.transaction((tx) => endJob(tx, first.jobId, { status: 'done' }));
    expect(await generate(made.api_key)).toBe('ok');
  });
});

describe('spend cap', () => {
  it('admits exactly what the cap allows under 40 concurrent submissions, and a refund gives it back', async () => {
    const who = await newTenant();
    const price = config.prices.image.low;
    const admits = 7;
    const made = await namedKey(who, { spend_cap: { credits: admits * price, period: 'day' } });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => generate(made.api_key, { prompt: `猫 ${i}` })),
    );
    const ok = results.filter((r) => r === 'ok');
    const refused = results.filter((r) => r !== 'ok');
    expect(ok).toHaveLength(admits);
    expect(refused).toHaveLength(40 - admits);
    const { resetsAt } = spendWindow('day', new Date());
    const resetText = new Date(resetsAt.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    for (const r of refused)
      expect(r).toMatchObject({
        status: 402,
        message: expect.stringMatching(
          new RegExp(`"spend_cap".*resets at ${resetText} \\(Asia/Shanghai\\).*will not help`),
        ),
      });
    // Exactly the admitted ones were charged: the ledger, the jobs and the key's spend agree.
    expect(await imageCharges(who.tenantId)).toEqual({ rows: admits, credits: admits * price });
    const made_ = await suite.t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.tenantId, who.tenantId));
    expect(made_).toHaveLength(admits);
    expect(await spentOf(made.key.id)).toBe(admits * price);
    // A refunded job gives its credits back to the cap: one more fits.
    await suite.t.db.transaction((tx) =>
      endJob(tx, made_[0]?.id ?? '', {
        status: 'failed',
        error: 'the image could not be made',
        reason: 'upstream_error',
        refund: { category: 'image', note: 'failed job' },
      }),
    );
    expect(await spentOf(made.key.id)).toBe((admits - 1) * price);
    expect(await generate(made.api_key)).toBe('ok');
    expect(await generate(made.api_key)).toMatchObject({ status: 402 });
  });
});

describe('chat under a key’s policy', () => {
  const files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-key-limits-')), 'http://files.test');
  async function chat(tenantId: string, key: string, model: string) {
    const ctx = await keyContext(suite.t.db, config, key, '203.0.113.7');
    const answer = { status: 0, body: null as unknown };
    const body = Buffer.from(JSON.stringify({ model, max_tokens: 50, messages: [{ role: 'user', content: '你好' }] }));
    await serveChatRequest(
      {
        method: 'POST',
        pathname: '/api/chat/completions',
        contentType: 'application/json',
        address: '203.0.113.7',
        readBody: () => Promise.resolve(body),
        drain: () => undefined,
        signal: new AbortController().signal,
      },
      () => Promise.resolve({ identity: ctx.identity, authFailure: ctx.authFailure }),
      { db: suite.t.db, files, config },
      {
        json: (status, json) => Object.assign(answer, { status, body: json }),
        open: () => Object.assign(answer, { status: 200 }),
        write: () => undefined,
        end: () => undefined,
        started: () => false,
        broken: () => undefined,
      },
    );
    await flushAttempts();
    const tried = await suite.t.db
      .select({ id: upstreamAttempts.id })
      .from(upstreamAttempts)
      .where(eq(upstreamAttempts.tenantId, tenantId));
    return { status: answer.status, text: JSON.stringify(answer.body), attempts: tried.length };
  }

  it('refuses another chat model with 403 and a spent cap with 402, never reaching an upstream', async () => {
    const who = await newTenant();
    const lite = await namedKey(who, { models: ['chatmodel-lite'] });
    const refused = await chat(who.tenantId, lite.api_key, 'chatmodel-1');
    expect(refused).toMatchObject({ status: 403, attempts: 0 });
    expect(refused.text).toContain('Key policy \\"models\\"');
    const capped = await namedKey(who, { spend_cap: { credits: 1, period: 'month' }, max_concurrent: 1 });
    // Its month already spent (an earlier answer).
    await suite.t.db
      .insert(keySpend)
      .values({ keyId: capped.key.id, period: spendWindow('month', new Date()).label, spent: 1 });
    const over = await chat(who.tenantId, capped.api_key, 'chatmodel-1');
    expect(over).toMatchObject({ status: 402, attempts: 0 });
    expect(over.text).toMatch(/spend_cap.*resets at .*-01 00:00 \(Asia\/Shanghai\)/);
    // Nothing of the refused request stays counted: no more spend, no open stream.
    expect(await spentOf(capped.key.id)).toBe(1);
    expect(await suite.t.db.select().from(keyStreams).where(eq(keyStreams.keyId, capped.key.id))).toHaveLength(0);
    const wide = await namedKey(who, { spend_cap: { credits: 1_000, period: 'week' }, max_concurrent: 1 });
    const answered = await chat(who.tenantId, wide.api_key, 'chatmodel-lite');
    expect(answered.status).toBe(200);
    await closeCreditHolds();
    await expect.poll(async () => spentOf(wide.key.id)).toBeGreaterThan(0);
    await expect
      .poll(async () => (await suite.t.db.select().from(keyStreams).where(eq(keyStreams.keyId, wide.key.id))).length)
      .toBe(0);
  });
});
