import { and, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, tenants } from '@/server/db/schema';
import { OPERATOR, type MemberIdentity, type TenantIdentity } from '@/server/domain/auth/identity';
import { chargeWork, moveCredits, refundWork } from '@/server/domain/credits/ledger';
import { getPool } from '@/server/domain/credits/balance';
import { failJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createMember, listMembers, releaseStrandedCredits, setMemberQuota } from '@/server/domain/members/members';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';
import { ledgerSum } from '../helpers/ledger-sums';

/**
 * Refunds of work a member started before set-quota switched its wallet: every credit comes back
 * once, to a wallet the tenant's totals count, whatever the order of the switch and the refund.
 */
let t: TestDatabase;
let files: LocalFileStore;
const config = testConfig();

beforeAll(async () => {
  t = await createTestDatabase();
  // Submissions check that some upstream serves the request; nothing is called here.
  await syncUpstreams(t.db, testSecret, simulatorUpstreams('http://127.0.0.1:9'), 'simulator');
  files = new LocalFileStore(
    path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-refunds-')), 'files'),
    config.publicBaseUrl,
  );
});
afterAll(async () => {
  await t.close();
});

async function setup(credits: number, memberCredits: number) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `退款 ${Math.random()}`,
    credits,
    quota_monthly: 0,
  });
  const owner: TenantIdentity = { kind: 'tenant', tenantId: tenant.id, via: 'key' };
  const { account } = await createMember({ db: t.db, config: { secret: testSecret } }, owner, {
    email: `m-${Math.random()}@x.cn`,
    nickname: 'm',
    credits: memberCredits,
  });
  const member: MemberIdentity = { kind: 'member', tenantId: tenant.id, accountId: account.account_id };
  return { owner, member, accountId: account.account_id };
}

const submitImages = (who: MemberIdentity, n: number) =>
  submitImageJobs({ db: t.db, config, files }, who, {
    items: Array.from({ length: n }, (_, i) => ({ prompt: `refund me ${i}`, quality: 'high' as const })),
    callbackUrl: null,
    idempotencyKey: null,
    hash: `h-${Math.random()}`,
    batch: n > 1,
  });

/** Every wallet equals its ledger rows, and what the tenant is shown adds up to the same. */
async function expectLedgerMatches(owner: TenantIdentity, accountId: string) {
  const [tenant] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, owner.tenantId));
  const [acc] = await t.db
    .select({ credits: accounts.credits, shared: accounts.shared, held: accounts.held })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  expect(await ledgerSum(t.db, owner.tenantId, null)).toBe(tenant?.credits);
  expect(await ledgerSum(t.db, owner.tenantId, accountId)).toBe(acc?.credits);
  // A shared member has no credits of its own: nothing may sit where no total counts it.
  if (acc?.shared) expect(acc.credits).toBe(0);
  const pool = await getPool({ db: t.db }, owner);
  const { accounts: list } = await listMembers({ db: t.db, config: { secret: testSecret } }, owner);
  const shown = list.find((a) => a.account_id === accountId);
  expect(pool.allocatable).toBe(tenant?.credits);
  expect(pool.reserved).toBe(shown?.credits ?? 0);
  return { pool, member: shown };
}

async function refundRows(tenantId: string) {
  return t.db
    .select({ ref: ledgerEntries.ref, accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.kind, 'refund')));
}

describe('refunds after set-quota switched the wallet', () => {
  it('gives image, batch and synchronous refunds of a member switched to shared back to the pool', async () => {
    const { owner, member, accountId } = await setup(500, 100);
    const jobs = await submitImages(member, 3); // a batch: 3 × 4 credits from the member's own
    const single = await submitImages(member, 1);
    const wallet = await chargeWork(t.db, member, { amount: 3, category: 'reverse', ref: 'read-1' });
    expect((await expectLedgerMatches(owner, accountId)).pool.total).toBe(500 - 16 - 3);

    await setMemberQuota({ db: t.db }, owner, { account_id: accountId, shared: true });
    for (const job of [...jobs, ...single])
      expect(await failJob(t.db, job, 'upstream failed', 'upstream_error')).toBe(true);
    await refundWork(t.db, wallet, { amount: 3, category: 'reverse', ref: 'read-1', note: 'image not read' });

    const { pool, member: shown } = await expectLedgerMatches(owner, accountId);
    expect(pool).toMatchObject({ allocatable: 500, reserved: 0, total: 500 });
    expect(shown).toMatchObject({ mode: 'shared', credits: null, spent: 0 });
    const refunds = await refundRows(owner.tenantId);
    expect(refunds).toHaveLength(5);
    expect(refunds.every((r) => r.accountId === null)).toBe(true);
  });

  it('gives refunds of pool-paid work back to the pool after a switch to dedicated, leaving the quota as set', async () => {
    const { owner, member, accountId } = await setup(500, 0);
    await setMemberQuota({ db: t.db }, owner, { account_id: accountId, shared: true });
    const [job] = await submitImages(member, 1);
    if (!job) throw new Error('no job');
    await setMemberQuota({ db: t.db }, owner, { account_id: accountId, credits: 50 });
    expect((await expectLedgerMatches(owner, accountId)).pool).toMatchObject({ allocatable: 446, total: 496 });

    expect(await failJob(t.db, job, 'upstream failed', 'upstream_error')).toBe(true);
    const { pool, member: shown } = await expectLedgerMatches(owner, accountId);
    expect(pool).toMatchObject({ allocatable: 450, reserved: 50, total: 500 });
    expect(shown).toMatchObject({ mode: 'dedicated', credits: 50, spent: 0 });
  });

  it('loses no refund and writes none twice when switches race the refunds', async () => {
    const { owner, member, accountId } = await setup(1000, 200);
    const jobs = [...(await submitImages(member, 16)), ...(await submitImages(member, 16))];
    expect((await expectLedgerMatches(owner, accountId)).pool.total).toBe(1000 - 32 * 4);

    const ops: Promise<unknown>[] = [];
    for (const [i, job] of jobs.entries()) {
      ops.push(failJob(t.db, job, 'upstream failed', 'upstream_error'));
      // Every job is failed twice: only one of the two ends it and refunds it.
      ops.push(failJob(t.db, job, 'upstream failed again', 'upstream_error'));
      if (i % 4 === 0)
        ops.push(
          setMemberQuota(
            { db: t.db },
            owner,
            i % 8 === 0 ? { account_id: accountId, shared: true } : { account_id: accountId, credits: 20 + i },
          ),
        );
    }
    const results = await Promise.allSettled(ops);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const { pool } = await expectLedgerMatches(owner, accountId);
    expect(pool.total).toBe(1000);
    const refunds = await refundRows(owner.tenantId);
    expect(refunds).toHaveLength(32);
    expect(new Set(refunds.map((r) => r.ref)).size).toBe(32);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(128);
  });
  it('gives credits an earlier refund stranded on a shared member back to the pool, once', async () => {
    const { owner, accountId } = await setup(500, 100);
    await setMemberQuota({ db: t.db }, owner, { account_id: accountId, shared: true });
    // What a refund did before it looked at the member's mode: credits on the closed wallet.
    await moveCredits(t.db, { tenantId: owner.tenantId, accountId, amount: 4, kind: 'refund', ref: 'old-job' });
    expect((await getPool({ db: t.db }, owner)).total).toBe(500);
    expect(await releaseStrandedCredits(t.db)).toBeGreaterThanOrEqual(1);
    const { pool } = await expectLedgerMatches(owner, accountId);
    expect(pool).toMatchObject({ allocatable: 504, reserved: 0, total: 504 });
    // Nothing left to repair: a second run moves nothing.
    await releaseStrandedCredits(t.db);
    expect((await getPool({ db: t.db }, owner)).total).toBe(504);
  });
});
