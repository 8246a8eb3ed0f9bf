import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { accounts, tenants } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR, insufficientCredits, walletOf } from '@/server/domain/credits/ledger';
import { namedLimitError, takeLimit, type LimitName } from '@/server/domain/limits/named';
import type { DeclaredError } from '@/server/errors';

/** What `admitImageWork` answers: the price not covered, or the limit's bucket empty. */
export const imageWorkErrors = (limit: LimitName): DeclaredError[] => [
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  namedLimitError(limit),
];

/**
 * The door of the endpoints that read an image (`/api/reverse`, `/api/image-to-template`): fetching
 * an `image_url` and decoding the image cost time and memory, so both come after the caller has
 * shown it can pay and its rate limit has given a token. The charge itself is still taken later,
 * when the image has been read (a refused image costs nothing but its token).
 */
export async function admitImageWork(
  deps: { db: Db; config: Pick<Config, 'rateLimits'> },
  who: ScopedIdentity,
  limit: LimitName,
  price: number,
): Promise<void> {
  if (price > 0 && (await spendable(deps.db, who)) < price) throw insufficientCredits(price);
  await takeLimit(deps, limit, who);
}

/** Credits the caller's wallet can spend now: its balance less what chat holds set aside. */
async function spendable(db: Db, who: ScopedIdentity): Promise<number> {
  const wallet = await walletOf(db, who);
  const [row] = wallet.accountId
    ? await db
        .select({ free: sql<number>`${accounts.credits} - ${accounts.held}` })
        .from(accounts)
        .where(and(eq(accounts.id, wallet.accountId), eq(accounts.tenantId, wallet.tenantId)))
    : await db
        .select({ free: sql<number>`${tenants.credits} - ${tenants.held}` })
        .from(tenants)
        .where(eq(tenants.id, wallet.tenantId));
  return Number(row?.free ?? 0);
}
