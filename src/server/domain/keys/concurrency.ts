import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobs, keyStreams } from '@/server/db/schema';
import type { KeyGrant } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';

/*
 * A key's `max_concurrent`: its jobs in progress (`pending`) plus its open chat streams, counted
 * from the database in the admission's transaction under a per-key transaction lock, so two
 * instances cannot both take the last slot. Keys without the rule never come here.
 */

/** How long an open stream counts at most when its process died without closing it. */
export const STREAM_SLOT_MS = 15 * 60_000;
/** What a refusal suggests waiting: about what a short job or answer takes. */
const RETRY_AFTER_S = 5;

/** Locks the key's slots to the end of `tx` and refuses (429) when `n` more would pass the limit. */
export async function takeSlots(tx: Db, grant: KeyGrant, n: number): Promise<void> {
  const max = grant.policy?.max_concurrent;
  if (max === undefined) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`key-slots:${grant.id}`}))`);
  const [pending] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.keyId, grant.id), eq(jobs.status, 'pending')));
  const [open] = await tx
    .select({ n: count() })
    .from(keyStreams)
    .where(and(eq(keyStreams.keyId, grant.id), gt(keyStreams.expiresAt, sql`now()`)));
  const busy = (pending?.n ?? 0) + (open?.n ?? 0);
  if (busy + n > max) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Key policy "max_concurrent": this key may have ${max} jobs or chat streams in progress at once and has ${busy}; ` +
        `retrying after one of them ends will help (wait the Retry-After header's seconds)`,
      { retryAfter: RETRY_AFTER_S },
    );
  }
}

/** Frees a chat answer's slot once it has ended. */
export async function closeStreamSlot(db: Db, slot: string | null): Promise<void> {
  if (slot === null) return;
  await db.delete(keyStreams).where(eq(keyStreams.id, slot));
}
