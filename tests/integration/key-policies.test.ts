import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, jobs, ledgerEntries, upstreamAttempts } from '@/server/db/schema';
import { createCaller } from '@/server/api/root';
import type { KeyPolicyInput } from '@/contracts/keys';
import { OPERATOR, type TenantIdentity } from '@/server/domain/auth/identity';
import { createMember } from '@/server/domain/members/members';
import { createTenant } from '@/server/domain/tenants/tenants';
import { keyUsesWritten } from '@/server/domain/keys/policy';
import { serveChatRequest } from '@/server/edge/chat/serve';
import { clientAddressOf } from '@/server/edge/http/client-address';
import { closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { flushAttempts } from '@/server/upstreams/engine';
import { LocalFileStore } from '@/server/storage/store';
import { routingSuite } from '../helpers/routing-sim';
import { testSecret } from '../helpers/test-db';
import { keyContext, keyTestConfig, outcome, sessionCaller } from '../helpers/key-policy';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Named keys and their policies, through the procedures and the chat core a key's request reaches:
 * every refusal answers before anything is charged or any upstream is called.
 */
const suite = routingSuite();
const config = keyTestConfig();

async function newTenant(credits = 100): Promise<TenantIdentity> {
  const { tenant } = await createTenant({ db: suite.t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `钥匙租户 ${Math.random().toString(36).slice(2, 8)}`,
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'session', userId: 'console' };
}

async function namedKey(who: TenantIdentity, policy?: KeyPolicyInput, label = 'CI') {
  const made = await sessionCaller(suite.t.db, config, who).keys.create({ label, ...(policy ? { policy } : {}) });
  return made;
}

const callerWith = async (key: string, address = '203.0.113.7') =>
  createCaller(await keyContext(suite.t.db, config, key, address));

async function chargesAndJobs(tenantId: string) {
  const [charges] = await suite.t.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.category, 'image')));
  const [made] = await suite.t.db.select({ n: count() }).from(jobs).where(eq(jobs.tenantId, tenantId));
  return { charges: charges?.n ?? 0, jobs: made?.n ?? 0 };
}

describe('named keys', () => {
  it('are shown once, kept as a digest only, listed with a hint, and revoked for good', async () => {
    const who = await newTenant();
    const made = await namedKey(who, undefined, 'CI pipeline');
    expect(made.api_key).toMatch(/^sk-studio-/);
    expect(made.key).toMatchObject({
      label: 'CI pipeline',
      primary: false,
      hint: `sk-studio-…${made.api_key.slice(-4)}`,
    });
    const [row] = await suite.t.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id));
    expect(row?.ciphertext).toBeNull();
    expect(row?.digest).not.toContain(made.api_key);

    const listed = await sessionCaller(suite.t.db, config, who).keys.list({});
    expect(listed.keys.map((k) => [k.primary, k.label])).toEqual([
      [true, null],
      [false, 'CI pipeline'],
    ]);
    expect(JSON.stringify(listed)).not.toContain(made.api_key);

    expect(await outcome(async () => (await callerWith(made.api_key)).balance.get({}))).toBe('ok');
    await sessionCaller(suite.t.db, config, who).keys.revoke({ id: made.key.id });
    const after = await outcome(async () => (await callerWith(made.api_key)).balance.get({}));
    expect(after).toMatchObject({ status: 403, message: expect.stringContaining('revoked') });
    // The primary key is untouched by a named key's revocation, and is not revoked here.
    const primary = listed.keys.find((k) => k.primary);
    expect(
      await outcome(() => sessionCaller(suite.t.db, config, who).keys.revoke({ id: primary?.id ?? '' })),
    ).toMatchObject({ status: 400 });
    // Another tenant cannot see or revoke it.
    const other = await newTenant();
    const theirs = await namedKey(other);
    expect(
      await outcome(() => sessionCaller(suite.t.db, config, who).keys.revoke({ id: theirs.key.id })),
    ).toMatchObject({ status: 404 });
  });

  it('belong to a member, who manages its own and no one else’s; a named key manages none', async () => {
    const who = await newTenant();
    const member = await createMember({ db: suite.t.db, config: { secret: testSecret } }, who, {
      email: `keys-${Date.now()}@example.cn`,
      nickname: '钥匙成员',
    });
    const memberCaller = await callerWith(member.account.api_key);
    const own = await memberCaller.keys.create({ label: 'laptop' });
    expect(own.key.account_id).toBe(member.account.account_id);
    expect((await memberCaller.keys.list({})).keys.map((k) => k.label)).toEqual([null, 'laptop']);
    expect(
      await outcome(() => memberCaller.keys.create({ label: 'x', account_id: crypto.randomUUID() })),
    ).toMatchObject({
      status: 403,
    });
    // The tenant sees its member's keys, narrowed by account.
    const tenantView = await sessionCaller(suite.t.db, config, who).keys.list({
      account_id: member.account.account_id,
    });
    expect(tenantView.keys.map((k) => k.label)).toEqual([null, 'laptop']);
    // A named key cannot make another (a restricted key would otherwise mint an unrestricted one).
    const named = await callerWith(own.api_key);
    expect(await outcome(() => named.keys.create({ label: 'escape' }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('do not retry'),
    });
    // The member's primary key still works and is still the one the member list shows.
    const members = await sessionCaller(suite.t.db, config, who).members.list({});
    expect(members.accounts[0]?.api_key).toBe(member.account.api_key);
  });

  it('records the last use at most once a minute, with the client address', async () => {
    const who = await newTenant();
    const made = await namedKey(who);
    await (await callerWith(made.api_key, '198.51.100.20')).balance.get({});
    await (await callerWith(made.api_key, '198.51.100.21')).balance.get({});
    await keyUsesWritten();
    const [row] = (await sessionCaller(suite.t.db, config, who).keys.list({})).keys.filter((k) => !k.primary);
    expect(row?.last_used_from).toBe('198.51.100.20');
    expect(Date.parse(row?.last_used_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('key policies', () => {
  it('refuse a kind not allowed with 403, before any job or charge', async () => {
    const who = await newTenant();
    const chatOnly = await namedKey(who, { kinds: ['chat'] });
    const refused = await outcome(async () => (await callerWith(chatOnly.api_key)).jobs.generate({ prompt: '一只猫' }));
    expect(refused).toMatchObject({ status: 403, message: expect.stringMatching(/"kinds".*not image.*will not help/) });
    expect(await chargesAndJobs(who.tenantId)).toEqual({ charges: 0, jobs: 0 });
    // The same request with a key that allows images goes through and is charged.
    const images = await namedKey(who, { kinds: ['image'] });
    expect(await outcome(async () => (await callerWith(images.api_key)).jobs.generate({ prompt: '一只猫' }))).toBe(
      'ok',
    );
    expect(await chargesAndJobs(who.tenantId)).toEqual({ charges: 1, jobs: 1 });
  });

  it('answer 401 once a key has expired, and refuse an expiry in the past at creation', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await outcome(async () => (await callerWith(made.api_key)).balance.get({}))).toBe('ok');
    await suite.t.db
      .update(apiKeys)
      .set({ policy: { expires_at: new Date(Date.now() - 1_000).toISOString() } })
      .where(eq(apiKeys.id, made.key.id));
    const expired = await outcome(async () => (await callerWith(made.api_key)).jobs.generate({ prompt: '一只猫' }));
    expect(expired).toMatchObject({ status: 401, message: expect.stringMatching(/"expires_at".*will not help/) });
    expect(await chargesAndJobs(who.tenantId)).toEqual({ charges: 0, jobs: 0 });
    expect(
      await outcome(() => namedKey(who, { expires_at: new Date(Date.now() - 60_000).toISOString() })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('policy.expires_at') });
  });

  it('accept only the allowed address ranges, IPv4 and IPv6, judged on the configured header alone', async () => {
    const who = await newTenant();
    const made = await namedKey(who, { allowed_ips: ['203.0.113.0/24', '2001:db8:1::/48'] });
    const from = (address: string) => outcome(async () => (await callerWith(made.api_key, address)).balance.get({}));
    expect(await from('203.0.113.250')).toBe('ok');
    expect(await from('2001:db8:1:ffff::9')).toBe('ok');
    expect(await from('198.51.100.1')).toMatchObject({
      status: 403,
      message: expect.stringMatching(/"allowed_ips".*198\.51\.100\.1.*will not help/),
    });
    expect(await from('2001:db8:2::1')).toMatchObject({ status: 403 });
    expect(await from('unknown')).toMatchObject({ status: 403 });
    // The front server's address: the configured header's last entry, whole (an IPv6 address is not cut to its /64) …
    const viaHeader = clientAddressOf(
      { 'x-forwarded-for': '198.51.100.1, 2001:db8:1::42' },
      '10.0.0.5',
      'x-forwarded-for',
      true,
    );
    expect(viaHeader).toBe('2001:db8:1::42');
    expect(await from(viaHeader)).toBe('ok');
    // … and without a configured header, the connection: a forwarded header the caller wrote is not believed.
    const noHeader = clientAddressOf({ 'x-forwarded-for': '203.0.113.9' }, '::ffff:198.51.100.7', null, true);
    expect(noHeader).toBe('198.51.100.7');
    expect(await from(noHeader)).toMatchObject({ status: 403 });
  });

  it('limit the key’s own requests per minute with 429 and Retry-After, apart from other keys', async () => {
    const who = await newTenant();
    const limited = await namedKey(who, { requests_per_minute: 3 });
    const other = await namedKey(who, { requests_per_minute: 3 });
    const call = async (key: string) =>
      outcome(async () => (await callerWith(key)).jobs.generate({ prompt: '一只猫' }));
    for (let i = 0; i < 3; i++) expect(await call(limited.api_key)).toBe('ok');
    const over = await call(limited.api_key);
    expect(over).toMatchObject({ status: 429, message: expect.stringContaining('"requests_per_minute" (key policy)') });
    expect(over === 'ok' ? 0 : (over.retryAfter ?? 0)).toBeGreaterThanOrEqual(1);
    // The refused request made no job and no charge; the other key has its own bucket.
    expect(await chargesAndJobs(who.tenantId)).toEqual({ charges: 3, jobs: 3 });
    expect(await call(other.api_key)).toBe('ok');
  });

  it('keep chat away from the upstream when chat is not allowed', async () => {
    const who = await newTenant();
    const files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-keys-chat-')), 'http://files.test');
    const chat = async (key: string) => {
      const ctx = await keyContext(suite.t.db, config, key, '203.0.113.7');
      const answer = { status: 0, body: null as unknown };
      const body = Buffer.from(JSON.stringify({ model: 'chatmodel-1', messages: [{ role: 'user', content: '你好' }] }));
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
      const [tried] = await suite.t.db
        .select({ n: count() })
        .from(upstreamAttempts)
        .where(eq(upstreamAttempts.tenantId, who.tenantId));
      return { status: answer.status, body: answer.body, attempts: tried?.n ?? 0 };
    };
    const imagesOnly = await namedKey(who, { kinds: ['image'] });
    const refused = await chat(imagesOnly.api_key);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('Key policy \\"kinds\\"');
    expect(refused.attempts).toBe(0);
    const chatKey = await namedKey(who, { kinds: ['chat'] });
    const answered = await chat(chatKey.api_key);
    expect(answered.status).toBe(200);
    expect(answered.attempts).toBeGreaterThan(0);
    await closeCreditHolds();
  });
});
