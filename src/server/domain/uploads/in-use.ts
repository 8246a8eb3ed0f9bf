import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobs, templates, uploads, videoTemplates } from '@/server/db/schema';
import type { FileStore } from '@/server/storage/store';

const UPLOAD_KEY = /^[^/]+\/uploads\//;

/** The upload keys among the addresses a request uses, once each (results and other files are not uploads). */
export function uploadKeysOf(files: FileStore, urls: readonly (string | null | undefined)[]): string[] {
  const keys = urls.map((u) => (u ? files.keyOf(u) : null)).filter((k): k is string => !!k && UPLOAD_KEY.test(k));
  return [...new Set(keys)];
}

/**
 * A statement's CTE body that takes a shared lock on the uploads a submission uses (`keys`: a JSON
 * array of keys). A deletion holds the row's update lock while it looks for jobs using the file, so
 * either the deletion finishes first (the row reads `deleted` and {@link uploadsGone} refuses the submission)
 * or the submission does (the deletion then sees its job and refuses).
 */
export const lockUploads = (keys: SQL): SQL =>
  sql`select ${uploads.key}, ${uploads.status} from ${uploads}
       where ${uploads.key} in (select jsonb_array_elements_text(${keys}::jsonb))
       for share`;

/** True when an upload the CTE `cte` ({@link lockUploads}) locked was deleted (a file with no record is not refused here). */
export const uploadsGone = (cte: string): SQL => sql`exists (select 1 from ${sql.raw(cte)} where status = 'deleted')`;

/** What a refused submission says when a file it uses was deleted while it was submitted. */
export const UPLOAD_GONE_TEXT = 'a file this request uses has been deleted; upload it again and resubmit';

export interface FileUse {
  kind: 'job' | 'template';
  id: string;
  /** The job's kind (`image`, `video`, ...) or the template's name. */
  label: string;
}

/** Jobs of the tenant still in flight (queued or running) whose request names the file. */
export async function jobsUsing(db: Db, tenantId: string, key: string): Promise<FileUse[]> {
  const rows = await db
    .select({ id: jobs.id, kind: jobs.kind })
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.status, 'pending'), sql`strpos(${jobs.input}::text, ${key}) > 0`))
    .limit(3);
  return rows.map((r) => ({ kind: 'job', id: r.id, label: r.kind }));
}

/** The tenant's templates (image, article or video) that show the file as a sample or use it as a reference. */
export async function templatesUsing(db: Db, tenantId: string, key: string): Promise<FileUse[]> {
  const image = await db
    .select({ id: templates.id, slug: templates.slug, name: templates.zhName })
    .from(templates)
    .where(
      and(
        eq(templates.tenantId, tenantId),
        sql`(strpos(${templates.sampleImages}::text, ${key}) > 0 or strpos(${templates.generationConfigs}::text, ${key}) > 0)`,
      ),
    )
    .limit(3);
  const video = await db
    .select({ id: videoTemplates.id, slug: videoTemplates.slug, name: videoTemplates.zhName })
    .from(videoTemplates)
    .where(
      and(
        eq(videoTemplates.tenantId, tenantId),
        sql`(strpos(coalesce(${videoTemplates.sampleCoverImage}, ''), ${key}) > 0
          or strpos(coalesce(${videoTemplates.sampleVideoUrl}, ''), ${key}) > 0
          or strpos(${videoTemplates.generationConfigs}::text, ${key}) > 0)`,
      ),
    )
    .limit(3);
  return [...image, ...video].map((r) => ({ kind: 'template', id: r.slug, label: r.name }));
}

/** The refusal's text: what uses the file, by id, so the caller can find it. */
export function inUseText(uses: FileUse[]): string {
  const jobsInFlight = uses.filter((u) => u.kind === 'job');
  if (jobsInFlight.length > 0) {
    const list = jobsInFlight.map((u) => `${u.label} job ${u.id}`).join(', ');
    return `This file is used by a job still in progress (${list}); delete it once the job has finished`;
  }
  const list = uses.map((u) => `"${u.label}" (${u.id})`).join(', ');
  return `This file is used by the template ${list} as a sample or reference image; change the template first`;
}
