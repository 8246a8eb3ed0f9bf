import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { hotStatement } from '@/server/db/rows';
import { logger } from '@/server/logger';
import { takeTokensWith, tokenValues, type Limit } from './rate-limit';

/**
 * A process's shares of shared token buckets, for limits checked on every request of a hot path
 * (chat): the bucket stays in the database, shared by every instance, but a process takes its tokens
 * a block at a time (a hundredth of the bucket, at least one, at most 1,000) and a request spends one
 * from memory. The next block is taken ahead of need, so a request waits on the database only when
 * its process's share is empty and the block was not there yet; a block that cannot be had whole is
 * taken one token at a time, so the limit is exact to the token when the bucket runs low. Tokens not
 * spent within a quiet spell go back to the bucket. Across instances the limit is never exceeded (a
 * token is spent only after it left the bucket); an instance may hold up to one block that another
 * could have used, for at most that quiet spell.
 */

interface Share {
  limit: Limit;
  tokens: number;
  taking: Promise<void> | null;
  /** The last block could not be had: no more taking ahead until a request needs one. */
  dry: boolean;
  usedAt: number;
}

/** Tokens back into a bucket, never past its capacity. */
const giveBackStatement = hotStatement<'back'>(
  (v) => sql`
    update rate_buckets
       set tokens = least(${v('rl_capacity')}::real,
                          tokens + greatest(0, extract(epoch from (now() - updated_at))) * 1000 * ${v('rl_rate')}::real
                                 + ${v('rl_n')}::real),
           updated_at = greatest(updated_at, now())
     where key = ${v('rl_key')}`,
);

const takeStatement = hotStatement<'take'>((v) => takeTokensWith(v));

/** Tokens a process takes from `limit`'s bucket at once. */
export function blockOf(limit: Limit): number {
  return Math.max(1, Math.min(1_000, Math.floor(limit.capacity / 100)));
}

export class TokenShares {
  private shares = new Map<string, Share>();
  private housekeeping: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {
    this.housekeeping = setInterval(() => void this.tidy(), Math.min(1_000, idleMs));
    this.housekeeping.unref();
  }

  /** Takes one token of `limit` for a request: true when given, false when the bucket is empty. */
  async take(limit: Limit): Promise<boolean> {
    let s = this.shares.get(limit.key);
    if (!s) {
      s = { limit, tokens: 0, taking: null, dry: false, usedAt: Date.now() };
      this.shares.set(limit.key, s);
    }
    s.limit = limit;
    s.usedAt = Date.now();
    for (;;) {
      if (s.tokens >= 1) {
        s.tokens -= 1;
        if (s.tokens < Math.max(1, blockOf(limit) / 2) && !s.taking && !s.dry)
          void this.fill(s, blockOf(limit)).catch(() => undefined);
        return true;
      }
      if (s.taking) {
        await s.taking;
        continue;
      }
      // The share is empty: a block, or else the one token this request needs.
      if (await this.fill(s, blockOf(limit))) continue;
      if (blockOf(limit) > 1 && (await this.fill(s, 1))) continue;
      return false;
    }
  }

  /** A token taken for a request that was then refused for another reason goes back to the share. */
  giveBack(limit: Limit): void {
    const s = this.shares.get(limit.key);
    if (s) s.tokens += 1;
  }

  /** Gives every unspent token back (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.housekeeping);
    const all = [...this.shares.values()];
    this.shares.clear();
    await Promise.all(all.map((s) => this.giveBackAll(s)));
  }

  private fill(s: Share, n: number): Promise<boolean> {
    let taken = false;
    s.taking = takeStatement<{ tokens: number }>(this.db, 'take', tokenValues(s.limit, n))
      .then((rows) => {
        taken = rows.length > 0;
        if (taken) s.tokens += n;
        s.dry = !taken;
      })
      .finally(() => {
        s.taking = null;
      });
    return s.taking.then(() => taken);
  }

  private async giveBackAll(s: Share): Promise<void> {
    const n = Math.floor(s.tokens);
    s.tokens -= n;
    if (n <= 0) return;
    try {
      await giveBackStatement(this.db, 'back', tokenValues(s.limit, n));
    } catch (err) {
      logger.warn({ err, key: s.limit.key, tokens: n }, 'could not give rate-limit tokens back');
    }
  }

  /** Shares unused for a quiet spell give their tokens back and are forgotten. */
  private async tidy(): Promise<void> {
    const now = Date.now();
    for (const [key, s] of this.shares) {
      if (!s.taking && now - s.usedAt >= this.idleMs) {
        this.shares.delete(key);
        await this.giveBackAll(s);
      }
    }
  }
}

const REGISTRY = Symbol.for('studio.tokenShares');
type WithRegistry = typeof globalThis & { [REGISTRY]?: Map<Db, TokenShares> };
const registry = ((globalThis as WithRegistry)[REGISTRY] ??= new Map<Db, TokenShares>());

/** This process's token shares on `db`. */
export function tokenSharesFor(db: Db, idleMs = 2_000): TokenShares {
  let shares = registry.get(db);
  if (!shares) {
    shares = new TokenShares(db, idleMs);
    registry.set(db, shares);
  }
  return shares;
}

/** Gives every unspent token back (shutdown, tests). */
export async function closeTokenShares(): Promise<void> {
  const all = [...registry.values()];
  registry.clear();
  await Promise.all(all.map((s) => s.close()));
}
