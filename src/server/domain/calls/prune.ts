import { lt } from 'drizzle-orm';
import { CALL_LOG_RETENTION_DAYS } from '@/contracts/calls';
import type { Db } from '@/server/db/client';
import { callLog } from '@/server/db/schema';
import { deleteBatch } from '@/server/domain/retention/prune';

const RETENTION_MS = CALL_LOG_RETENTION_DAYS * 24 * 3600_000;

/** The worker's prune: call-log rows past the retention are deleted (a bounded batch per run). */
export function pruneCallLog(db: Db, now = new Date()): Promise<number> {
  return deleteBatch(db, callLog, callLog.id, lt(callLog.createdAt, new Date(now.getTime() - RETENTION_MS)), 10_000);
}
