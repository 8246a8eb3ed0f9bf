import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, ownedBy, stamp, uuidKey } from './columns';
import { consoleUsers } from './console-users';

export const mailKinds = ['password_reset', 'alert', 'two_factor_reset'] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * `stored`: kept in the outbox only (no SMTP configured; the operator passes it on). `queued`: waiting
 * for the worker to send it over SMTP. `sent`, or `failed` after the last attempt.
 */
export const mailStatuses = ['stored', 'queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every e-mail Studio writes, in the transaction that makes it (a reset link with its token). With SMTP
 * the worker sends it; without, it stays here and the operator passes it on from the console. While it
 * waits its `text` and `html` are sealed (AES-256-GCM with the instance secret: `sealed`); once sent,
 * passed on, used or replaced, they are the redacted copy (links removed: `redactedAt`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    locale: text().notNull(),
    kind: text({ enum: mailKinds }).notNull(),
    status: text({ enum: mailStatuses }).notNull(),
    error: text(),
    sealed: boolean().notNull().default(false),
    redactedAt: at(),
    createdAt: stamp(),
    sentAt: at(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * Password reset links. Only the token's sha-256 is kept; a link works once, until `expiresAt`, and
 * only the newest of a user (issuing one removes the older unused ones).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidKey(),
    userId: ownedBy(() => consoleUsers.id),
    tokenHash: text().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: stamp(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);
