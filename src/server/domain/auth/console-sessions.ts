import { and, desc, eq, gt, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleSessions, consoleUsers, endedSessions } from '@/server/db/schema';
import { endSession } from './ended-sessions';

/**
 * The record of a user's console sessions, for the account page's list: written when a session is first
 * seen and its `lastSeenAt` moved on at most once a minute (the check that reads it is the session check
 * every request makes anyway). Ending one is the ended-sessions mechanism: its `sid` is refused from then on.
 */

/** A session's last-seen time is written again only when older than this. */
export const SEEN_EVERY_MS = 60_000;

export interface SessionSighting {
  sid: string;
  userId: string;
  epoch: number;
  device: string;
  address: string;
  signedInAt: Date;
  expiresAt: Date;
}

/** Whether a session last seen at `seenAt` (null: never recorded) is due a write. */
export const sightingDue = (seenAt: Date | null, nowMs = Date.now()): boolean =>
  seenAt === null || nowMs - seenAt.getTime() >= SEEN_EVERY_MS;

/** Records a session, or moves its last-seen time (and expiry) on; the device and address stay the first seen. */
export async function recordSighting(db: Db, s: SessionSighting, nowMs = Date.now()): Promise<void> {
  const now = new Date(nowMs);
  await db
    .insert(consoleSessions)
    .values({ ...s, lastSeenAt: now })
    .onConflictDoUpdate({
      target: consoleSessions.sid,
      set: { lastSeenAt: now, expiresAt: s.expiresAt },
      // Two requests of one session at once: the later write of the same minute is skipped.
      setWhere: lt(consoleSessions.lastSeenAt, new Date(nowMs - SEEN_EVERY_MS)),
    });
}

/** A session as the account page lists it. */
export interface SessionView {
  sid: string;
  device: string;
  address: string;
  signedInAt: Date;
  lastSeenAt: Date;
}

/**
 * The user's sessions still open: not signed out or ended, not lapsed, and of the current epoch (or the
 * one session kept across the last password or second-factor change). Most recently seen first.
 */
export async function listSessions(db: Db, userId: string, nowMs = Date.now()): Promise<SessionView[]> {
  return db
    .select({
      sid: consoleSessions.sid,
      device: consoleSessions.device,
      address: consoleSessions.address,
      signedInAt: consoleSessions.signedInAt,
      lastSeenAt: consoleSessions.lastSeenAt,
    })
    .from(consoleSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
    .where(
      and(
        eq(consoleSessions.userId, userId),
        gt(consoleSessions.expiresAt, new Date(nowMs)),
        or(eq(consoleSessions.epoch, consoleUsers.sessionEpoch), eq(consoleSessions.sid, consoleUsers.keptSession)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(endedSessions)
            .where(eq(endedSessions.sid, consoleSessions.sid)),
        ),
      ),
    )
    .orderBy(desc(consoleSessions.lastSeenAt));
}

/**
 * Ends one of the user's sessions (another user's `sid`, or one not recorded, is not found). Its next
 * request is signed out.
 */
export async function endUserSession(db: Db, userId: string, sid: string): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: consoleSessions.expiresAt })
    .from(consoleSessions)
    .where(and(eq(consoleSessions.sid, sid), eq(consoleSessions.userId, userId)));
  if (!row) return false;
  await endSession(db, sid, row.expiresAt);
  return true;
}

/** Drops the records of lapsed sessions (a recurring task). */
export async function pruneSessionRecords(db: Db): Promise<void> {
  await db.delete(consoleSessions).where(lt(consoleSessions.expiresAt, sql`now()`));
}
