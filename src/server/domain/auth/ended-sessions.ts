import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { endedSessions } from '@/server/db/schema';

/**
 * Ends a session on the server when its person signs out: its `sid` is recorded until the token would
 * have expired, and every check of a console or operator session refuses a recorded one. Recording
 * twice is harmless.
 */
export async function endSession(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db.insert(endedSessions).values({ sid, expiresAt }).onConflictDoNothing();
}

/** Whether the session `sid` was signed out. */
export async function sessionEnded(db: Db, sid: string): Promise<boolean> {
  const [row] = await db.select({ sid: endedSessions.sid }).from(endedSessions).where(eq(endedSessions.sid, sid));
  return row !== undefined;
}

/** Drops the records of sessions whose tokens have expired anyway (a recurring task). */
export async function pruneEndedSessions(db: Db): Promise<void> {
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, sql`now()`));
}
