import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildConfig, parseEnv } from '@/server/config';
import { giveBackLimit, takeLimit } from '@/server/domain/limits/named';
import type { Identity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const config = buildConfig(
  parseEnv({ STUDIO_SECRET: 'y'.repeat(32), STUDIO_RATE_LIMITS: 'claim=5/hour,article=4/hour,article.key=2/hour' }),
);
const deps = () => ({ db: t.db, config });

async function outcome(name: 'claim' | 'article', who: Identity): Promise<'taken' | number> {
  try {
    await takeLimit(deps(), name, who);
    return 'taken';
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') return err.retryAfter ?? -1;
    throw err;
  }
}

describe('named limits in the database', () => {
  it('gives exactly the capacity to concurrent callers, and says when to retry', async () => {
    const who: Identity = { kind: 'tenant', tenantId: randomUUID(), via: 'key' };
    const got = await Promise.all(Array.from({ length: 12 }, () => outcome('claim', who)));
    expect(got.filter((g) => g === 'taken')).toHaveLength(5);
    // 5 per hour: one token every 720 s.
    for (const g of got.filter((g) => g !== 'taken')) expect(g).toBeGreaterThanOrEqual(700);
  });

  it('takes a member’s own bucket and the tenant’s together or not at all', async () => {
    const tenantId = randomUUID();
    const member: Identity = { kind: 'member', tenantId, accountId: randomUUID() };
    expect(await outcome('article', member)).toBe('taken');
    expect(await outcome('article', member)).toBe('taken');
    // The member's bucket (2) is empty; the tenant's keeps its 2 tokens for others.
    expect(await outcome('article', member)).not.toBe('taken');
    const tenant: Identity = { kind: 'tenant', tenantId, via: 'key' };
    expect(await outcome('article', tenant)).toBe('taken');
    expect(await outcome('article', tenant)).toBe('taken');
    expect(await outcome('article', tenant)).not.toBe('taken');
  });

  it('gives tokens back, never past the capacity, and never limits the operator', async () => {
    const who: Identity = { kind: 'tenant', tenantId: randomUUID(), via: 'session' };
    const taken = await takeLimit(deps(), 'claim', who);
    for (let i = 0; i < 4; i++) await takeLimit(deps(), 'claim', who);
    expect(await outcome('claim', who)).not.toBe('taken');
    await giveBackLimit(t.db, taken);
    await giveBackLimit(t.db, taken);
    expect(await outcome('claim', who)).toBe('taken');
    expect(await outcome('claim', who)).toBe('taken');
    expect(await outcome('claim', who)).not.toBe('taken');
    for (let i = 0; i < 10; i++) expect(await outcome('claim', { kind: 'admin', via: 'key' })).toBe('taken');
  });
});
