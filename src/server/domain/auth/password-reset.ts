import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, passwordResets, signInThrottles } from '@/server/db/schema';
import { logStoredMail, redactResetMails, storeMail } from '@/server/mail/outbox';
import { logger } from '@/server/logger';
import { mailLocale, passwordResetMail } from '@/server/mail/messages';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';
import { consume, type Limit } from '@/server/domain/limits/rate-limit';
import { hashPassword } from './passwords';
import { forgetDemoPassword } from '@/server/domain/setup/demo-login';

const HOUR_MS = 3_600_000;

/** Reset links asked for per e-mail address (known or not) and per client address. */
export const RESET_LIMITS = {
  email: { capacity: 3, perMs: HOUR_MS },
  address: { capacity: 20, perMs: HOUR_MS },
} as const;

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a reset request did; the page answers the same whatever it is (no account enumeration). */
export type ResetRequestOutcome = { sent: true; mailId: string } | { sent: false };

/**
 * Forgot password, answered before any account work: counts the request against the e-mail's and the
 * client address's limits (429 when spent: the same for known and unknown addresses) and hands the rest
 * to `later` (Next.js `after()`: run once the answer is sent). So the answer takes the same work and time
 * whether or not the e-mail has an account.
 */
export async function answerResetRequest(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { email: string; address: string; locale: string },
  later: (work: () => Promise<unknown>) => void,
): Promise<void> {
  const email = await admitPasswordReset(deps.db, input);
  later(() =>
    writePasswordReset(deps, { email, locale: input.locale }).catch((err: unknown) => {
      logger.error({ err }, 'password reset mail could not be written');
    }),
  );
}

/** Counts one reset request against its limits; answers the e-mail as it is looked up. */
export async function admitPasswordReset(db: Db, input: { email: string; address: string }): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const limits: [Limit, string][] = [
    [{ key: `password-reset:address:${input.address}`, ...RESET_LIMITS.address }, 'reset links from one address'],
    [{ key: `password-reset:email:${email}`, ...RESET_LIMITS.email }, 'reset links for one e-mail address'],
  ];
  for (const [limit, what] of limits) await consume(db, limit, 1, what);
  return email;
}

/**
 * For an existing console user, writes a single-use link to the outbox in the same transaction as its
 * hashed token, removing the user's older unused links (and the text of their mails not yet passed on).
 * The mail is in the account's language, else the page's.
 */
export async function writePasswordReset(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  input: { email: string; locale: string },
): Promise<ResetRequestOutcome> {
  const { email } = input;
  const [user] = await db
    .select({ id: consoleUsers.id, locale: consoleUsers.locale, tenantId: consoleUsers.tenantId })
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email));
  if (!user?.tenantId) return { sent: false };

  const token = randomBytes(32).toString('base64url');
  const locale = mailLocale(user.locale ?? input.locale);
  const minutes = Math.round(config.mail.resetLinkTtlMs / 60_000);
  const content = passwordResetMail(locale, { link: `${config.publicBaseUrl}/login/reset/${token}`, minutes });
  const mail = await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await redactResetMails(tx, config, email);
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: digest(token),
      expiresAt: new Date(Date.now() + config.mail.resetLinkTtlMs),
    });
    return storeMail(tx, config, { to: email, ...content, locale, kind: 'password_reset' });
  });
  logStoredMail(mail, 'password_reset');
  return { sent: true, mailId: mail.id };
}

/** Both steps at once, awaited (scripts and tests; the page answers first, see `answerResetRequest`). */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { email: string; address: string; locale: string },
): Promise<ResetRequestOutcome> {
  const email = await admitPasswordReset(deps.db, input);
  return writePasswordReset(deps, { email, locale: input.locale });
}

/** Whether a reset link can still be used: known, unused, not expired (and so the user's newest). */
export async function resetLinkUsable(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, digest(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

/** A reset link that is unknown, used, expired or replaced by a newer one. */
export class ResetLinkInvalid extends AppError {
  constructor() {
    super('NOT_FOUND', 'This password reset link is invalid, used or expired; ask for a new one');
  }
}

/**
 * Sets a new password through a reset link, once: the link is marked used, the user's other links go,
 * every session of the user ends (the session epoch rises), the failed sign-in count is forgotten and
 * the text of the user's reset mails still in the outbox is removed.
 * The demo login's old password leaves `demo-login.txt`. Answers the account's e-mail, to sign in with.
 */
export async function resetPassword(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  if (!input.token || input.token.length > 200) throw new ResetLinkInvalid();
  const passwordHash = await hashPassword(input.password);
  const reset = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, digest(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResets.id, userId: passwordResets.userId });
    if (!link) throw new ResetLinkInvalid();
    const [user] = await tx
      .update(consoleUsers)
      .set({ passwordHash, sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`, keptSession: null })
      .where(eq(consoleUsers.id, link.userId))
      .returning({ email: consoleUsers.email });
    if (!user) throw new ResetLinkInvalid();
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, link.userId), ne(passwordResets.id, link.id)));
    await tx.delete(signInThrottles).where(eq(signInThrottles.key, `account:${user.email.toLowerCase()}`));
    await redactResetMails(tx, config, user.email.toLowerCase());
    return { email: user.email.toLowerCase() };
  });
  forgetDemoPassword(config.dataDir, reset.email);
  return reset;
}
