import { eq, sql } from 'drizzle-orm';
import { consoleUsers } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';
import { forgetDemoPassword } from '@/server/domain/setup/demo-login';
import { hashPassword, verifyPassword } from './passwords';
import { admitSignIn, signInSucceeded } from './sign-in-throttle';

/** Why a password change was refused, for the page to word. */
export type ChangeRefusal = { refused: 'wrong_password' } | { refused: 'throttled'; retryAfterS: number };

/**
 * A signed-in console user changes their password. The current password is checked under the same
 * throttles as a sign-in (its account and the client address), so the form cannot be used to guess
 * it. On success the session epoch rises: every session of the user ends but `keepSession`, the one
 * that made the change. The demo login's old password leaves `demo-login.txt`.
 */
export async function changePassword(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  input: { userId: string; current: string; next: string; address: string; keepSession: string | null },
): Promise<{ ok: true; email: string } | ChangeRefusal> {
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, input.userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
  const email = user.email.toLowerCase();
  const admitted = await admitSignIn(db, [
    { scope: 'address', subject: input.address },
    { scope: 'account', subject: email },
  ]);
  if (!admitted.ok) return { refused: 'throttled', retryAfterS: admitted.retryAfterS };
  if (!(await verifyPassword(input.current, user.passwordHash))) return { refused: 'wrong_password' };
  await signInSucceeded(db, admitted);
  const passwordHash = await hashPassword(input.next);
  await db
    .update(consoleUsers)
    .set({ passwordHash, sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`, keptSession: input.keepSession })
    .where(eq(consoleUsers.id, user.id));
  forgetDemoPassword(config.dataDir, email);
  return { ok: true, email };
}
