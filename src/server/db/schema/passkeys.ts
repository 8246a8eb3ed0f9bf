import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consoleUsers } from './console-users';
import { at, ownedBy, stamp, uuidKey } from './columns';

/**
 * The passkeys (WebAuthn credentials) of console users, of any kind: the public key the authenticator made,
 * its credential id and its signature counter. Used as the second step after a password or to sign in
 * without one (a discoverable credential).
 */
export const passkeys = pgTable(
  'console_user_passkeys',
  {
    id: uuidKey(),
    userId: ownedBy(() => consoleUsers.id),
    /** The authenticator's credential id (base64url), as the browser answers it. */
    credentialId: text().notNull(),
    /** The COSE public key (base64url). */
    publicKey: text().notNull(),
    /** The authenticator's signature counter at its last use: a lower or equal one later is refused (a clone). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** How the browser can reach the authenticator (`internal`, `usb`, `hybrid`…), as it told at enrolment. */
    transports: text().array().notNull().default([]),
    /** The name the user gave it. */
    name: text().notNull(),
    createdAt: stamp(),
    lastUsedAt: at(),
  },
  (t) => [
    uniqueIndex('console_user_passkeys_credential_uq').on(t.credentialId),
    index('console_user_passkeys_user_idx').on(t.userId),
  ],
);

export type Passkey = typeof passkeys.$inferSelect;

/**
 * The challenges of WebAuthn ceremonies in progress, kept on the server: each is taken (deleted) by the one
 * answer that uses it, and refused after `expiresAt`. A sign-in without a password has no user yet (`userId` null).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text({ enum: ['enrol', 'second_factor', 'sign_in'] }).notNull(),
    userId: uuid().references(() => consoleUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt), index('passkey_challenges_user_idx').on(t.userId)],
);

/**
 * The console sessions a user has signed in, by the `sid` of their token: the device (from the User-Agent),
 * the client address, when it signed in and when it was last seen (written at most once a minute). The
 * `epoch` is the user's session epoch it was signed with: a session of an older epoch has been ended.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    sid: text().primaryKey(),
    userId: ownedBy(() => consoleUsers.id),
    epoch: integer().notNull(),
    device: text().notNull(),
    address: text().notNull(),
    signedInAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: stamp(),
    /** When the token lapses if not used again: a session past it is over and its row is pruned. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('console_sessions_user_idx').on(t.userId), index('console_sessions_expires_idx').on(t.expiresAt)],
);

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;
