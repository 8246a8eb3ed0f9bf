import { jobFailureReasons, type JobFailureReason, type JobStatus } from '@/contracts/jobs';
import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { preparedPerDb } from '@/server/db/prepared';
import { jobs, type Job } from '@/server/db/schema';

/** What a job makes, as `kind` names it (`template`: image-to-template). */
export type JobKind = Job['kind'];
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { notFound, fieldError } from '@/server/errors';

/**
 * A job as callers see it: what it cost them, but no upstream, channel or platform cost. `id`,
 * `job_id` and `jobId` are the same value.
 */
export interface JobView {
  id: string;
  job_id: string;
  jobId: string;
  status: JobStatus;
  cdn_url: string | null;
  /** When the retention deleted the result file (cdn_url is then null); null: not deleted. */
  result_expired_at: string | null;
  error: string | null;
  reason: JobFailureReason | null;
  elapsed_ms: number | null;
  note: string | null;
  steps: { name: string; status: 'running' | 'ok' | 'fail'; error?: string }[] | null;
  kind: string;
  /** The prompt sent, or for a skill the caller's own input (a skill's recipe is never shown). */
  prompt: string;
  skill_slug: string | null;
  template_id: string | null;
  ratio: string;
  quality: string;
  background: string | null;
  batch_id: string | null;
  /** The X-Request-Id of the request that submitted the job. */
  request_id: string | null;
  /** Credits charged for the job. */
  credits: number;
  /** Credits given back (all of them when it failed). */
  credits_refunded: number;
  created_at: string;
  finished_at: string | null;
}

/** A failed job's reason; jobs that failed before reasons were kept read as `upstream_error`. */
export function failureReason(job: Pick<Job, 'status' | 'errorReason'>): JobFailureReason | null {
  if (job.status !== 'failed') return null;
  return (jobFailureReasons as readonly string[]).includes(job.errorReason ?? '')
    ? (job.errorReason as JobFailureReason)
    : 'upstream_error';
}

export function jobView(job: Job): JobView {
  const input = job.input as {
    prompt?: unknown;
    display_prompt?: unknown;
    ratio?: unknown;
    quality?: unknown;
    background?: unknown;
    source?: { kind?: unknown; slug?: unknown; id?: unknown };
  };
  const shown = typeof input.display_prompt === 'string' ? input.display_prompt : input.prompt;
  return {
    id: job.id,
    job_id: job.id,
    jobId: job.id,
    status: job.status,
    cdn_url: job.cdnUrl,
    result_expired_at: job.resultExpiredAt?.toISOString() ?? null,
    error: job.error,
    reason: failureReason(job),
    elapsed_ms: job.elapsedMs,
    note: job.note,
    steps: job.steps,
    kind: job.kind,
    prompt: typeof shown === 'string' ? shown : '',
    skill_slug: input.source?.kind === 'skill' && typeof input.source.slug === 'string' ? input.source.slug : null,
    template_id: input.source?.kind === 'template' && typeof input.source.id === 'string' ? input.source.id : null,
    ratio: typeof input.ratio === 'string' ? input.ratio : '',
    quality: typeof input.quality === 'string' ? input.quality : '',
    background: typeof input.background === 'string' ? input.background : null,
    batch_id: job.batchId,
    request_id: job.requestId,
    credits: job.credits,
    credits_refunded: job.creditsRefunded,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Articles are kept as finished `article` rows of the same table (the Articles page's history), but
 * they are not jobs in the API's sense: `GET /api/jobs` lists them only when asked (`kind=article`)
 * and never finds one by id (`GET /api/article?id=` does).
 */
const notArticle = ne(jobs.kind, 'article');

/** Visibility: a tenant sees every job of the tenant; a member only its own. */
export function visibleTo(who: ScopedIdentity): SQL {
  const tenant = eq(jobs.tenantId, who.tenantId);
  return who.kind === 'member' ? (and(tenant, eq(jobs.accountId, who.accountId)) as SQL) : tenant;
}

/** The poll path (`GET /api/jobs?id=`) is the hottest read. */
const jobLookup = preparedPerDb((db) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, sql.placeholder('id')), eq(jobs.tenantId, sql.placeholder('tenantId')), notArticle))
    .prepare('studio_job_lookup'),
);

export async function getJob(db: Db, who: ScopedIdentity, id: string): Promise<Job> {
  const [row] = await jobLookup(db).execute({ id, tenantId: who.tenantId });
  // A member sees only its own jobs; another tenant's job is not found either way.
  if (!row || (who.kind === 'member' && row.accountId !== who.accountId)) throw notFound('Job');
  return row;
}

function encodeCursor(job: Job): string {
  return Buffer.from(`${job.createdAt.toISOString()}|${job.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw fieldError(['cursor'], 'not a cursor from an earlier page');
  return { at: date, id };
}

/**
 * One page of the jobs matching `conds`, newest first, keyset-paged by (created_at, id): stable while
 * new jobs arrive. `cursor` is the `next_cursor` of the page before.
 */
export async function pageOfJobs(
  db: Db,
  conds: SQL[],
  limit: number,
  cursor: string | undefined,
): Promise<{ page: Job[]; nextCursor: string | null }> {
  const where = [...conds];
  if (cursor) {
    const c = decodeCursor(cursor);
    where.push(or(lt(jobs.createdAt, c.at), and(eq(jobs.createdAt, c.at), lt(jobs.id, c.id))) as SQL);
  }
  const rows = await db
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Newest first, keyset-paged: stable while new jobs arrive. */
export async function listJobs(
  db: Db,
  who: ScopedIdentity,
  opts: { status?: JobStatus | undefined; kind?: JobKind | undefined; limit: number; cursor?: string | undefined },
): Promise<{ jobs: Job[]; nextCursor: string | null }> {
  const conds: SQL[] = [visibleTo(who), opts.kind ? eq(jobs.kind, opts.kind) : notArticle];
  if (opts.status) conds.push(eq(jobs.status, opts.status));
  const { page, nextCursor } = await pageOfJobs(db, conds, opts.limit, opts.cursor);
  return { jobs: page, nextCursor };
}

/** `GET /api/jobs`: one job by id, or a page of the caller's jobs, newest first. */
export async function readJobs(
  { db }: Pick<Deps, 'db'>,
  who: ScopedIdentity,
  input: {
    id?: string | undefined;
    status?: JobStatus | undefined;
    kind?: JobKind | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ job: JobView } | { jobs: JobView[]; next_cursor: string | null }> {
  if (input.id) return { job: jobView(await getJob(db, who, input.id)) };
  const page = await listJobs(db, who, input);
  return { jobs: page.jobs.map(jobView), next_cursor: page.nextCursor };
}
