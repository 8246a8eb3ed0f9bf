import { eq } from 'drizzle-orm';
import { consoleUsers, recoveryCodes } from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import { endOtherSessions } from './passkeys';
import { verifyPassword } from './passwords';
import { admitSignIn, signInSucceeded } from './sign-in-throttle';
import { newRecoveryCodes, recoveryDigest } from './totp';
import { spendSecondFactor, twoFactorOn } from './two-factor';

type RecoveryDeps = { db: Db; config: { secret: Buffer } };

/**
 * Replaces a user's recovery codes with ten new ones, answered once: the old ones (used or not) stop
 * working. The user proves it is them with the current password or a current code (from the app, or a
 * recovery code, which is spent), under the sign-in throttles. Every other session of the user ends.
 */
export async function regenerateRecoveryCodes(
  deps: RecoveryDeps,
  input: { userId: string; proof: string; address: string; keepSession: string | null; nowMs?: number },
): Promise<
  | { ok: true; recoveryCodes: string[] }
  | { refused: 'wrong' | 'not_on' }
  | { refused: 'throttled'; retryAfterS: number }
> {
  const { db, config } = deps;
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, input.userId));
  if (!user || !twoFactorOn(user)) return { refused: 'not_on' };
  const admitted = await admitSignIn(db, [
    { scope: 'address', subject: input.address },
    { scope: 'account', subject: user.email.toLowerCase() },
  ]);
  if (!admitted.ok) return { refused: 'throttled', retryAfterS: admitted.retryAfterS };
  const proven =
    (await verifyPassword(input.proof, user.passwordHash)) ||
    (await spendSecondFactor(deps, user, input.proof, input.nowMs)) !== null;
  if (!proven) return { refused: 'wrong' };
  await signInSucceeded(db, admitted);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, digest: recoveryDigest(config.secret, code) })));
    await endOtherSessions(tx, user.id, input.keepSession);
  });
  return { ok: true, recoveryCodes: codes };
}
