import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, passkeys } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { checkEnrolment, enrolmentOptions, type PasskeySite } from './passkey-ceremony';
import { verifyPassword } from './passwords';
import { admitSignIn, signInSucceeded } from './sign-in-throttle';
import { twoFactorOn } from './two-factor';

/**
 * A console user's passkeys: enrolment, the list on the account page, and removal. Generic over every kind
 * of console user, keyed by user id. Adding or removing one is a change of the second factor: every other
 * session of the user ends (the epoch rises; the session that made the change stays).
 */

type PasskeyDeps = { db: Db; config: { passkeys: PasskeySite } };

/** What the account page shows of a passkey. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const PASSKEY_NAME_MAX = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the user has a passkey (then a password alone opens no session). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** Ends every session of the user but `keepSession`, in the caller's transaction. */
export async function endOtherSessions(db: Db, userId: string, keepSession: string | null): Promise<void> {
  await db
    .update(consoleUsers)
    .set({ sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`, keptSession: keepSession })
    .where(eq(consoleUsers.id, userId));
}

async function userOf(db: Db, userId: string) {
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
  return user;
}

/** Starts adding a passkey: the options the browser creates it with (the challenge is kept on the server). */
export async function startPasskeyEnrolment({ db, config }: PasskeyDeps, userId: string) {
  const user = await userOf(db, userId);
  return enrolmentOptions(db, config.passkeys, { id: user.id, email: user.email });
}

/**
 * Finishes adding a passkey from the browser's answer, under the name the user gave it. Refused when the
 * answer does not check out (a challenge used or lapsed, another site, a bad signature) or the authenticator
 * already holds a passkey here.
 */
export async function finishPasskeyEnrolment(
  { db, config }: PasskeyDeps,
  input: { userId: string; name: string; answer: unknown; keepSession: string | null },
): Promise<{ ok: true; id: string } | { refused: 'invalid' | 'duplicate' }> {
  const name = input.name.trim().slice(0, PASSKEY_NAME_MAX);
  const credential = await checkEnrolment(db, config.passkeys, input.userId, input.answer);
  if (!credential) return { refused: 'invalid' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({ userId: input.userId, name, ...credential })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (!row) return { refused: 'duplicate' as const };
    await endOtherSessions(tx, input.userId, input.keepSession);
    return { ok: true as const, id: row.id };
  });
}

/** A removal that would leave a user who must keep a second factor (an operator) without any. */
class LastFactor extends Error {}

/**
 * Removes one of the user's passkeys, with the current password checked under the sign-in throttles;
 * every other session of the user ends. `secondFactorRequired` (operators): the last passkey of a user
 * without an authenticator app stays, refused as `last_factor` (the user's row is locked meanwhile, so two
 * removals at once cannot both pass).
 */
export async function removePasskey(
  { db }: Pick<PasskeyDeps, 'db'>,
  input: {
    userId: string;
    passkeyId: string;
    password: string;
    address: string;
    keepSession: string | null;
    secondFactorRequired?: boolean;
  },
): Promise<
  | { ok: true }
  | { refused: 'wrong_password' | 'not_found' | 'last_factor' }
  | { refused: 'throttled'; retryAfterS: number }
> {
  if (!UUID.test(input.passkeyId)) return { refused: 'not_found' };
  const user = await userOf(db, input.userId);
  const admitted = await admitSignIn(db, [
    { scope: 'address', subject: input.address },
    { scope: 'account', subject: user.email.toLowerCase() },
  ]);
  if (!admitted.ok) return { refused: 'throttled', retryAfterS: admitted.retryAfterS };
  if (!(await verifyPassword(input.password, user.passwordHash))) return { refused: 'wrong_password' };
  await signInSucceeded(db, admitted);
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(consoleUsers).where(eq(consoleUsers.id, input.userId)).for('update');
      const [gone] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, input.userId)))
        .returning({ id: passkeys.id });
      if (!gone) return { refused: 'not_found' as const };
      if (input.secondFactorRequired && !(locked && twoFactorOn(locked)) && !(await hasPasskey(tx, input.userId)))
        throw new LastFactor();
      await endOtherSessions(tx, input.userId, input.keepSession);
      return { ok: true as const };
    });
  } catch (err) {
    if (err instanceof LastFactor) return { refused: 'last_factor' };
    throw err;
  }
}
