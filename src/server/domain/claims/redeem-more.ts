/** A signed-in buyer redeems another claim code into the personal account they are in. */
import { and, eq, isNull } from 'drizzle-orm';
import { claimCodes, consoleUsers, tenants } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';
import { findClaim } from './claim-preview';
import { tutorialOf } from './claim-texts';
import { grantClaim } from './redeem';

export interface RedeemMoreAnswer {
  code: string;
  credits_granted: number;
  /** The account's balance after the code's credits. */
  credits: number;
  templates: { slug: string; zh_name: string }[];
  tutorial_pdf: { url: string; title: string } | null;
}

/**
 * Redeems `code` into the caller's own personal tenant: the same guarded step as the claim page (of
 * concurrent redemptions exactly one wins), recorded under the account's e-mail and name. An
 * organisation redeems nothing (403): its codes are what it sells.
 */
export async function redeemIntoAccount(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: { code: string },
): Promise<RedeemMoreAnswer> {
  if (!who.personal)
    throw new AppError('FORBIDDEN', 'Only a platform account redeems claim codes here; a company workspace sells them');
  const row = await findClaim(db, input.code);
  if (row.disabledAt)
    throw new AppError(
      'CONFLICT',
      'This claim code has been disabled and can no longer be redeemed; contact the seller',
    );
  if (row.state === 'redeemed')
    throw new AppError('CONFLICT', 'This claim code has already been redeemed; each code can be used once');
  const [account] = await db
    .select({ email: consoleUsers.email, name: tenants.name })
    .from(tenants)
    .leftJoin(consoleUsers, and(eq(consoleUsers.tenantId, tenants.id), eq(consoleUsers.kind, 'platform_account')))
    .where(eq(tenants.id, who.tenantId));
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(claimCodes)
      .set({
        state: 'redeemed',
        redeemedEmail: account?.email?.toLowerCase() ?? null,
        redeemedNickname: account?.name ?? null,
        redeemedAt: new Date(),
        redeemedTenantId: who.tenantId,
      })
      .where(and(eq(claimCodes.id, row.id), eq(claimCodes.state, 'open'), isNull(claimCodes.disabledAt)))
      .returning();
    if (!won) throw new AppError('CONFLICT', 'This claim code has already been redeemed; each code can be used once');
    const { balance, names } = await grantClaim(tx, row, who.tenantId);
    return {
      code: row.code,
      credits_granted: row.credits,
      credits: balance ?? 0,
      templates: names,
      tutorial_pdf: tutorialOf(row),
    };
  });
}
