import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RetentionSettings } from '@/server/config';
import type { Db } from '@/server/db/client';
import { jobs, templates, videoTasks, videoTemplates } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { FileStore } from '@/server/storage/store';

const DAY_MS = 24 * 3600_000;

/**
 * Which finished jobs' result files are past their tenant's retention: the platform's days for every
 * tenant without days of its own, each listed tenant's own (0: kept). Null when nothing expires.
 */
function pastRetention(retention: RetentionSettings, now: Date): SQL | null {
  const cutoff = (days: number) => lt(jobs.finishedAt, new Date(now.getTime() - days * DAY_MS));
  const own = Object.entries(retention.resultDaysByTenant);
  const parts: SQL[] = [];
  for (const [tenantId, days] of own) {
    if (days > 0) parts.push(and(eq(jobs.tenantId, tenantId), cutoff(days)) as SQL);
  }
  if (retention.resultDays > 0) {
    const others = own.map(([tenantId]) => tenantId);
    parts.push(
      (others.length
        ? and(notInArray(jobs.tenantId, others), cutoff(retention.resultDays))
        : cutoff(retention.resultDays)) as SQL,
    );
  }
  return parts.length ? (or(...parts) as SQL) : null;
}

/**
 * A result file a template or video template names (a sample image, a cover, a default reference
 * image, anywhere in its row) is kept: its key holds the job id (`<tenant>/results/<job id>.<ext>`).
 */
const notReferenced = sql`not exists (select 1 from ${templates} tr where strpos(tr::text, 'results/' || ${jobs.id}::text) > 0)
  and not exists (select 1 from ${videoTemplates} vtr where strpos(vtr::text, 'results/' || ${jobs.id}::text) > 0)`;

/**
 * The worker's expiry of result files: finished image and video jobs past their tenant's retention
 * lose their files, one batch a run. The job row stays (its charge, its history): it is marked first
 * (`result_expired_at` set, `cdn_url` null) and the files deleted after, so the API never points at a
 * file that is gone. A file a template names is kept.
 */
export async function expireResultFiles(
  db: Db,
  files: FileStore,
  retention: RetentionSettings,
  now = new Date(),
  batch = 500,
): Promise<number> {
  const past = pastRetention(retention, now);
  if (!past) return 0;
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id, url: jobs.cdnUrl, cover: videoTasks.coverUrl })
      .from(jobs)
      .leftJoin(videoTasks, eq(videoTasks.id, jobs.id))
      .where(
        and(
          eq(jobs.status, 'done'),
          inArray(jobs.kind, ['image', 'video']),
          isNotNull(jobs.cdnUrl),
          isNull(jobs.resultExpiredAt),
          past,
          notReferenced,
        ),
      )
      .orderBy(asc(jobs.finishedAt))
      .limit(batch)
      .for('update', { of: jobs, skipLocked: true });
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => r.id);
    await tx.update(jobs).set({ resultExpiredAt: now, cdnUrl: null }).where(inArray(jobs.id, ids));
    await tx.update(videoTasks).set({ coverUrl: null }).where(inArray(videoTasks.id, ids));
    return rows;
  });
  for (const url of expired.flatMap((j) => [j.url, j.cover])) {
    const key = url ? files.keyOf(url) : null;
    if (key)
      await files
        .delete(key)
        .catch((err: unknown) => logger.warn({ err, key }, 'could not delete an expired result file'));
  }
  return expired.length;
}
