import { and, eq, isNull, sql } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import type { Db } from '@/server/db/client';
import { consoleUsers, recoveryCodes, type ConsoleUser } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';
import { verifyPassword } from './passwords';
import { admitSignIn, signInSucceeded } from './sign-in-throttle';
import { codeKind, newRecoveryCodes, newTotpSecret, recoveryDigest, totpStep, totpUri } from './totp';

type TwoFactorDeps = Pick<Deps, 'db'> & { config: { secret: Buffer } };

/** Whether a user's sign-in asks for a code. */
export const twoFactorOn = (user: Pick<ConsoleUser, 'twoFactorEnabledAt' | 'totpSecretCiphertext'>): boolean =>
  user.twoFactorEnabledAt !== null && user.totpSecretCiphertext !== null;

async function userById(db: Db, userId: string): Promise<ConsoleUser> {
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
  return user;
}

/** The account page's view: on since when, and how many recovery codes are left. */
export async function twoFactorStatus(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
  const user = await userById(db, userId);
  if (!twoFactorOn(user)) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, enabledAt: user.twoFactorEnabledAt, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/**
 * Starts enrolling: a new secret is kept (encrypted) but guards nothing until a code from it is
 * confirmed. Starting again replaces an unconfirmed secret; an account with 2FA on must remove it first.
 */
export async function startEnrolment(
  { db, config }: TwoFactorDeps,
  userId: string,
): Promise<{ secret: string; uri: string }> {
  const user = await userById(db, userId);
  if (twoFactorOn(user)) throw new AppError('CONFLICT', 'Two-step verification is already on');
  const secret = newTotpSecret();
  await db
    .update(consoleUsers)
    .set({ totpSecretCiphertext: encryptSecret(secret, config.secret), totpLastStep: null })
    .where(and(eq(consoleUsers.id, userId), isNull(consoleUsers.twoFactorEnabledAt)));
  return { secret, uri: totpUri(secret, user.email) };
}

/**
 * Confirms enrolment with a current code: 2FA is switched on, ten recovery codes are stored as digests
 * and answered once, and every other session of the user ends (the epoch rises; `keepSession` stays).
 */
export async function confirmEnrolment(
  { db, config }: TwoFactorDeps,
  input: { userId: string; code: string; keepSession: string | null; nowMs?: number },
): Promise<{ ok: true; recoveryCodes: string[] } | { refused: 'wrong_code' | 'not_started' }> {
  const user = await userById(db, input.userId);
  if (twoFactorOn(user)) throw new AppError('CONFLICT', 'Two-step verification is already on');
  if (!user.totpSecretCiphertext) return { refused: 'not_started' };
  const typed = codeKind(input.code);
  const step =
    typed?.kind === 'totp'
      ? totpStep(decryptSecret(user.totpSecretCiphertext, config.secret), typed.code, input.nowMs ?? Date.now(), null)
      : null;
  if (step === null) return { refused: 'wrong_code' };
  const codes = newRecoveryCodes();
  const switched = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(consoleUsers)
      .set({
        twoFactorEnabledAt: new Date(),
        totpLastStep: step,
        sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`,
        keptSession: input.keepSession,
      })
      .where(
        and(
          eq(consoleUsers.id, user.id),
          isNull(consoleUsers.twoFactorEnabledAt),
          eq(consoleUsers.totpSecretCiphertext, user.totpSecretCiphertext ?? ''),
        ),
      )
      .returning({ id: consoleUsers.id });
    if (!row) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, digest: recoveryDigest(config.secret, code) })));
    return true;
  });
  // Another tab started over meanwhile: the code was for a secret no longer kept.
  if (!switched) return { refused: 'not_started' };
  return { ok: true, recoveryCodes: codes };
}

/**
 * Accepts a code as the user's second factor, once: a TOTP code of a step after the last accepted one (the
 * step is recorded in the same statement, so two requests cannot both use it), or an unused recovery code
 * (marked used). Answers which kind worked, or null.
 */
export async function spendSecondFactor(
  { db, config }: TwoFactorDeps,
  user: Pick<ConsoleUser, 'id' | 'totpSecretCiphertext' | 'totpLastStep'>,
  typedCode: string,
  nowMs: number = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  const typed = codeKind(typedCode);
  if (!typed || !user.totpSecretCiphertext) return null;
  if (typed.kind === 'recovery') {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.digest, recoveryDigest(config.secret, typed.code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used ? 'recovery' : null;
  }
  const secret = decryptSecret(user.totpSecretCiphertext, config.secret);
  const step = totpStep(secret, typed.code, nowMs, user.totpLastStep);
  if (step === null) return null;
  const [taken] = await db
    .update(consoleUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(consoleUsers.id, user.id),
        sql`(${consoleUsers.totpLastStep} is null or ${consoleUsers.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: consoleUsers.id });
  return taken ? 'totp' : null;
}

/** Why a removal was refused, for the page to word. */
export type RemovalRefusal =
  { refused: 'wrong_password' | 'wrong_code' | 'not_on' } | { refused: 'throttled'; retryAfterS: number };

/**
 * Switches 2FA off: the current password and a code (or a recovery code) are checked under the sign-in
 * throttles; the secret and the recovery codes go, and every other session of the user ends.
 */
export async function removeTwoFactor(
  deps: TwoFactorDeps,
  input: {
    userId: string;
    password: string;
    code: string;
    address: string;
    keepSession: string | null;
    nowMs?: number;
  },
): Promise<{ ok: true } | RemovalRefusal> {
  const { db } = deps;
  const user = await userById(db, input.userId);
  if (!twoFactorOn(user)) return { refused: 'not_on' };
  const admitted = await admitSignIn(db, [
    { scope: 'address', subject: input.address },
    { scope: 'account', subject: user.email.toLowerCase() },
  ]);
  if (!admitted.ok) return { refused: 'throttled', retryAfterS: admitted.retryAfterS };
  if (!(await verifyPassword(input.password, user.passwordHash))) return { refused: 'wrong_password' };
  if (!(await spendSecondFactor(deps, user, input.code, input.nowMs))) return { refused: 'wrong_code' };
  await signInSucceeded(db, admitted);
  await db.transaction(async (tx) => {
    await tx
      .update(consoleUsers)
      .set({
        totpSecretCiphertext: null,
        twoFactorEnabledAt: null,
        totpLastStep: null,
        sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`,
        keptSession: input.keepSession,
      })
      .where(eq(consoleUsers.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  return { ok: true };
}
