import { eq, sql } from 'drizzle-orm';
import type { AdminActionBody } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { consoleUsers, passkeys, recoveryCodes, type ConsoleUser } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';
import { logStoredMail, storeMail } from '@/server/mail/outbox';
import { mailLocale, twoFactorResetMail } from '@/server/mail/messages';
import type { AdminIdentity } from './identity';
import { twoFactorOn } from './two-factor';

/**
 * Removes every second factor of a console user, in the caller's transaction: the authenticator's secret,
 * its recovery codes and the user's passkeys. The one place that knows them all, so an operator reset
 * leaves none behind.
 */
export async function clearSecondFactors(tx: Db, userId: string): Promise<void> {
  await tx
    .update(consoleUsers)
    .set({ totpSecretCiphertext: null, twoFactorEnabledAt: null, totpLastStep: null })
    .where(eq(consoleUsers.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}

/** Where the person signs in again: the operator area for an operator, the console for everyone else. */
const signInPath = (kind: ConsoleUser['kind']) => (kind === 'operator' ? '/operator/login' : '/login');

/**
 * Lost-device recovery by an operator: turns off a console user's two-step verification (every second
 * factor), ends all their sessions and writes them a notice in their language to the mail outbox, in one
 * transaction (the audited action's). An operator cannot reset their own: another operator does it.
 * 404 unknown e-mail; 409 when they have no second factor.
 */
export async function resetTwoFactor(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: AdminIdentity,
  input: AdminActionBody<'user-two-factor-reset'>,
): Promise<{ user: { id: string; email: string; kind: ConsoleUser['kind'] }; mail_id: string }> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email));
  if (!user) throw new AppError('NOT_FOUND', `No console user with the e-mail ${email}`);
  if (who.operator?.id === user.id)
    throw new AppError('CONFLICT', 'You cannot reset your own two-step verification; ask another operator');
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id)).limit(1);
  if (!twoFactorOn(user) && user.totpSecretCiphertext === null && !passkey)
    throw new AppError('CONFLICT', `${email} has no two-step verification to reset`);
  const locale = mailLocale(user.locale);
  const content = twoFactorResetMail(locale, {
    email: user.email,
    signInUrl: `${config.publicBaseUrl}${signInPath(user.kind)}`,
  });
  const mail = await db.transaction(async (tx) => {
    await clearSecondFactors(tx, user.id);
    // Every session ends: whoever holds the lost device's session is signed out too.
    await tx
      .update(consoleUsers)
      .set({ sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`, keptSession: null })
      .where(eq(consoleUsers.id, user.id));
    return storeMail(tx, config, { to: user.email, ...content, locale, kind: 'two_factor_reset' });
  });
  logStoredMail(mail, 'two_factor_reset');
  return { user: { id: user.id, email: user.email, kind: user.kind }, mail_id: mail.id };
}
