import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { hotStatement, rowsOf, type Bind } from '@/server/db/rows';
import { AppError, declared, type DeclaredError } from '@/server/errors';
import type { RateUnit } from './settings';

export interface Limit {
  /** e.g. `image:<tenant id>` */
  key: string;
  /** Bucket size: at most this many at once, refilled evenly over `perMs`. */
  capacity: number;
  perMs: number;
  /** How error texts name the window; `hour` when absent. */
  per?: RateUnit;
  /** How error texts name the limit, e.g. `"article" (per tenant)`; none for the older limits. */
  label?: string;
}

/** The 429 every limit below answers, as an operation declares it: `what` names what is counted. */
export const rateLimitedError = (what: string): DeclaredError =>
  declared(
    'TOO_MANY_REQUESTS',
    `Over the rate limit of ${what}; wait the \`Retry-After\` header's seconds, then send it again`,
  );

/** The first words of a refusal: `Rate limit "article" (per tenant)`. */
const limitTitle = (limit: Limit) => `Rate limit${limit.label ? ` ${limit.label}` : ''}`;

/** Throws the 429 of a request asking for more than the bucket can ever hold. */
export function checkCapacity(limit: Limit, n: number, what: string): void {
  if (n > limit.capacity) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `At most ${limit.capacity} ${what} per ${limit.per ?? 'hour'}; this request asks for ${n}`,
      {
        retryAfter: Math.ceil(limit.perMs / 1000),
      },
    );
  }
}

/**
 * Takes `n` tokens from a token bucket kept in the database, in the caller's transaction: shared by
 * every instance, and given back automatically if the caller's work rolls back. Throws 429 with
 * Retry-After when the bucket holds fewer than `n`.
 */
export async function consume(tx: Db, limit: Limit, n: number, what: string): Promise<void> {
  checkCapacity(limit, n, what);
  const taken = await takeStatement<{ tokens: number }>(tx, 'take', tokenValues(limit, n));
  if (taken.length > 0) return;
  throw await refusal(tx, limit, n, what);
}

/**
 * The statement that takes `n` tokens: refilled since the last use, capped at capacity, taken only
 * when that many are there. Returns one row when taken, none when not; other statements may run it
 * as a `WITH` part, so the token and their own write are one round trip.
 */
export function takeTokens(limit: Limit, n: number): SQL {
  const values = tokenValues(limit, n);
  return takeTokensWith((name) => sql`${values[name as keyof typeof values]}`);
}

/** Every limited submission takes its tokens first: compiled once. */
const takeStatement = hotStatement<'take'>((v) => takeTokensWith(v));

/** The values `takeTokensWith` names. */
export function tokenValues(limit: Limit, n: number) {
  return { rl_key: limit.key, rl_capacity: limit.capacity, rl_rate: limit.capacity / limit.perMs, rl_n: n };
}

/**
 * `takeTokens` with its values named, for statements compiled once (`hotStatement`). `now()` is the
 * transaction's start: one that began before the bucket's last write counts no refill rather than a
 * negative one (which refused a token that was there and answered Retry-After 1 s), and never moves
 * the bucket's time back.
 */
export function takeTokensWith(v: Bind): SQL {
  const refilled = sql`least(${v('rl_capacity')}::real,
    rate_buckets.tokens + greatest(0, extract(epoch from (now() - rate_buckets.updated_at))) * 1000 * ${v('rl_rate')}::real)`;
  return sql`
      insert into rate_buckets (key, tokens, updated_at) values (${v('rl_key')}, ${v('rl_capacity')}::real - ${v('rl_n')}::real, now())
      on conflict (key) do update
        set tokens = ${refilled} - ${v('rl_n')}::real, updated_at = greatest(rate_buckets.updated_at, now())
        where ${refilled} >= ${v('rl_n')}::real
      returning tokens`;
}

/** The 429 of a bucket that could not give `n`, with when to retry. */
export async function refusal(tx: Db, limit: Limit, n: number, what: string): Promise<AppError> {
  const ratePerMs = limit.capacity / limit.perMs;
  const [row] = rowsOf<{ tokens: number }>(
    await tx.execute(sql`
      select least(${limit.capacity}::real, tokens + greatest(0, extract(epoch from (now() - updated_at))) * 1000 * ${ratePerMs}::real) as tokens
        from rate_buckets where key = ${limit.key}`),
  );
  const missing = n - Number(row?.tokens ?? 0);
  const retryAfter = Math.max(1, Math.ceil(missing / ratePerMs / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `${limitTitle(limit)}: at most ${limit.capacity} ${what} per ${limit.per ?? 'hour'}. Retry after ${retryAfter} s.`,
    {
      retryAfter,
    },
  );
}

/**
 * Refuses early, without taking anything, when the bucket cannot give `n` now: lets a long upload be
 * turned away before its bytes are read. The token itself is taken later by `consume`.
 */
export async function ensureAvailable(db: Db, limit: Limit, n: number, what: string): Promise<void> {
  const ratePerMs = limit.capacity / limit.perMs;
  const [row] = rowsOf<{ tokens: number }>(
    await db.execute(sql`
      select least(${limit.capacity}::real, tokens + greatest(0, extract(epoch from (now() - updated_at))) * 1000 * ${ratePerMs}::real) as tokens
        from rate_buckets where key = ${limit.key}`),
  );
  if (!row) return;
  const missing = n - Number(row.tokens);
  if (missing <= 0) return;
  const retryAfter = Math.max(1, Math.ceil(missing / ratePerMs / 1000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `${limitTitle(limit)}: at most ${limit.capacity} ${what} per ${limit.per ?? 'hour'}. Retry after ${retryAfter} s.`,
    { retryAfter },
  );
}

/**
 * Puts `n` tokens back (never past the capacity): for a request that took them and then turned out
 * not to be one the limit counts (its input was refused before anything ran).
 */
export async function giveBack(db: Db, limit: Limit, n: number): Promise<void> {
  await db.execute(sql`
    update rate_buckets set tokens = least(${limit.capacity}::real, tokens + ${n}::real)
     where key = ${limit.key}`);
}
