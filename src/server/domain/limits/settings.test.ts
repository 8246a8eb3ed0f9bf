import { describe, expect, it } from 'vitest';
import { buildConfig, parseEnv } from '@/server/config';
import { NAMED_LIMITS, parseRateLimits } from './settings';
import { bucketsFor } from './named';

describe('STUDIO_RATE_LIMITS', () => {
  it('keeps the defaults when unset, and changes only the names given', () => {
    const parsed = parseRateLimits('article=600/hour, reading.key=5/minute,webhook_secret=off');
    if (!('limits' in parsed)) throw new Error(parsed.problems.join('; '));
    expect(parsed.limits.article.tenant).toEqual({ count: 600, per: 'hour' });
    expect(parsed.limits.article.key).toEqual(NAMED_LIMITS.article.key);
    expect(parsed.limits.reading.key).toEqual({ count: 5, per: 'minute' });
    expect(parsed.limits.reading.tenant).toEqual(NAMED_LIMITS.reading.tenant);
    expect(parsed.limits.webhook_secret.tenant).toBeNull();
    expect(parsed.limits.claim.tenant).toEqual(NAMED_LIMITS.claim.tenant);
  });

  it('names every problem: an unknown limit, a bad unit, a zero count, a malformed entry', () => {
    const parsed = parseRateLimits('articles=1/hour,article=1/week,claim=0/hour,template');
    expect('problems' in parsed && parsed.problems).toEqual([
      expect.stringMatching(/"articles" is not a limit; known: article, reading/),
      expect.stringMatching(/unit must be second, minute, hour or day/),
      expect.stringMatching(/count must be a whole number from 1/),
      expect.stringMatching(/write name=N\/unit/),
    ]);
  });

  it('stops start-up with the variable named', () => {
    expect(() => parseEnv({ STUDIO_RATE_LIMITS: 'reading=ten/hour' })).toThrow(
      /STUDIO_RATE_LIMITS: "reading=ten\/hour"/,
    );
  });
});

describe('the buckets of a call', () => {
  const config = buildConfig(
    parseEnv({ STUDIO_SECRET: 'x'.repeat(32), STUDIO_RATE_LIMITS: 'article=10/minute,article.key=3/minute' }),
  );

  it('a tenant takes from its own bucket; a member from the tenant’s and its own; the operator from none', () => {
    const tenant = bucketsFor(config, 'article', { kind: 'tenant', tenantId: 't1', via: 'key' });
    expect(tenant.map((b) => [b.key, b.capacity, b.perMs])).toEqual([['article:t:t1', 10, 60_000]]);
    const member = bucketsFor(config, 'article', { kind: 'member', tenantId: 't1', accountId: 'a1' });
    expect(member.map((b) => [b.key, b.capacity])).toEqual([
      ['article:t:t1', 10],
      ['article:k:a1', 3],
    ]);
    expect(bucketsFor(config, 'article', { kind: 'admin', via: 'key' })).toEqual([]);
    expect(bucketsFor(config, 'article', null)).toEqual([]);
  });
});
