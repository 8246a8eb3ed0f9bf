import { inArray, lt } from 'drizzle-orm';
import { CALL_LOG_RETENTION_DAYS } from '@/contracts/calls';
import type { Db } from '@/server/db/client';
import { callLog } from '@/server/db/schema';

const RETENTION_MS = CALL_LOG_RETENTION_DAYS * 24 * 3600_000;

/** The worker's prune: call-log rows past the retention are deleted (a bounded batch per run). */
export async function pruneCallLog(db: Db, now = new Date()): Promise<number> {
  const batch = db
    .select({ id: callLog.id })
    .from(callLog)
    .where(lt(callLog.createdAt, new Date(now.getTime() - RETENTION_MS)))
    .limit(10_000);
  const deleted = await db.delete(callLog).where(inArray(callLog.id, batch)).returning({ id: callLog.id });
  return deleted.length;
}
