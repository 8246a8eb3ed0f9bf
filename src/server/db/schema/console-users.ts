import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './tenants';
import { at, ownedBy, stamp, uuidKey } from './columns';

/**
 * People who sign in to the console with email and password: tenant administrators, and buyers whose
 * platform account was opened by redeeming a claim code (their `tenantId` is their personal tenant);
 * and operators (`operator`, no tenant), who sign in to `/operator` with a mandatory second factor.
 */
export const consoleUsers = pgTable(
  'console_users',
  {
    id: uuidKey(),
    kind: text({ enum: ['tenant_admin', 'platform_account', 'operator'] }).notNull(),
    tenantId: uuid().references(() => tenants.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** The console language this person chose (`zh-CN`, `en`); null until they choose. Followed in a browser without the choice. */
    locale: text(),
    /**
     * Raised when the password changes (or is reset): a console session remembers the value it was
     * signed in with, and one holding an older value is signed out.
     */
    sessionEpoch: integer().notNull().default(0),
    /** The one session that outlives the last password change: the one that made it (its `sid`); null after a reset. */
    keptSession: text(),
    /**
     * Two-step verification: the authenticator's TOTP secret, encrypted with the instance secret. Set
     * while enrolling; it only guards sign-in once `twoFactorEnabledAt` is set (the user confirmed a code).
     */
    totpSecretCiphertext: text(),
    twoFactorEnabledAt: at(),
    /** The TOTP time step of the last accepted code: a code of that step or an earlier one is refused (replay). */
    totpLastStep: bigint({ mode: 'number' }),
    /** An operator account switched off by another operator: its sign-in and sessions are refused. */
    disabledAt: at(),
    createdAt: stamp(),
  },
  (t) => [
    uniqueIndex('console_users_email_uq').on(sql`lower(${t.email})`),
    index('console_users_tenant_idx').on(t.tenantId),
  ],
);

export type ConsoleUser = typeof consoleUsers.$inferSelect;

/**
 * Console and operator sessions ended by signing out, by their `sid`: a session cookie is a signed token
 * the browser keeps, so signing out must also end it on the server, or a copy of the cookie would go on
 * working until it expires. Kept until the token would have expired anyway (`expiresAt`), then pruned.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sid: text().primaryKey(),
    endedAt: stamp(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('ended_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The recovery codes of a console user's two-step verification, by digest only (HMAC-SHA256 with a key
 * derived from the instance secret): shown once when 2FA is switched on, each accepted once (`usedAt`).
 */
export const recoveryCodes = pgTable(
  'console_user_recovery_codes',
  {
    id: uuidKey(),
    userId: ownedBy(() => consoleUsers.id),
    digest: text().notNull(),
    usedAt: at(),
    createdAt: stamp(),
  },
  (t) => [uniqueIndex('console_user_recovery_codes_uq').on(t.userId, t.digest)],
);
