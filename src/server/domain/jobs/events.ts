import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { jobs, type Job } from '@/server/db/schema';
import { recordJobEvent } from '@/server/metrics/registry';

/** Channel for job changes: every process's feed hub listens on it. */
export const JOB_CHANNEL = 'studio_jobs';

export type JobEventType = 'job.created' | 'job.updated' | 'job.done' | 'job.failed';

/** What the job channel carries for one event. */
export interface Notice {
  id: number;
  tenant: string;
  account: string | null;
  job: string;
  type: JobEventType;
}

function typeOf(job: Pick<Job, 'status'>, created: boolean): JobEventType {
  if (created) return 'job.created';
  return job.status === 'done' ? 'job.done' : job.status === 'failed' ? 'job.failed' : 'job.updated';
}

/**
 * Advisory-lock class of the feed's log. Each writer takes its tenant's lock (this class, the hash of
 * the tenant id) before its events get their ids and holds it to commit, so within a tenant the ids
 * follow commit order: a feed that has event n has every earlier event of its tenant, and resuming
 * from Last-Event-ID n misses nothing. Writers call this last in their transaction, after any
 * ledger lock, so the two locks are always taken in one order.
 */
const EVENT_LOCK_CLASS = 0x5e7d;

type Change = Pick<Job, 'id' | 'tenantId' | 'accountId' | 'status'> & { kind?: Job['kind'] };

/**
 * Records a job change in the feed's log and announces it to every process (pg_notify is delivered
 * at commit when called inside a transaction). Inside a transaction, call it as the last statement.
 */
export async function notifyJob(db: Db, job: Change, created = false): Promise<void> {
  await notifyJobs(db, [job], created);
}

function countEvents(list: Pick<Change, 'kind' | 'status'>[], created: boolean): void {
  for (const j of list) {
    if (created) recordJobEvent(j.kind, 'created');
    else if (j.status !== 'pending') recordJobEvent(j.kind, j.status);
  }
}

/** The events' part of a statement: take the tenants' locks of rows `v` (locks), then log them (logged). */
const logEvents = sql`
    locks as materialized (
      select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}::int, hashtext(t::text)) from (select distinct tenant_id as t from v order by 1) d),
    logged as (
      insert into job_events (tenant_id, account_id, job_id, type)
        select tenant_id, account_id, job_id, type from v where (select count(*) from locks) >= 0
      returning id, tenant_id, account_id, job_id, type)`;

/** Announces each event of `logged` (delivered at commit). */
const announce = sql`pg_notify(${JOB_CHANNEL}, json_build_object('id', logged.id, 'tenant', logged.tenant_id,
  'account', logged.account_id, 'job', logged.job_id, 'type', logged.type)::text)`;

/** The statement's tail: take the tenants' locks of rows `v`, log them, announce each. */
function logAndAnnounce(source: SQL): SQL {
  return sql`
    ${source},
    ${logEvents}
    select ${announce}, v.kind, v.status, v.job_id
      from logged join v on v.job_id = logged.job_id`;
}

/**
 * The tail of a statement that creates jobs: `source` ends with `j` (the jobs inserted, `returning *`)
 * and `v` (their changes, as in `notifyJobs`); the tail logs and announces each, and answers the rows
 * of `j`. For a caller that writes the jobs and their events in one statement (`submitImageJobs`);
 * it counts the events with {@link countCreated} once the statement has run.
 */
export function logAndAnnounceCreated(source: SQL): SQL {
  return sql`
    ${source},
    ${logEvents}
    select ${announce} as announced, j.*
      from logged join j on j.id = logged.job_id`;
}

/** Counts jobs created by a statement of {@link logAndAnnounceCreated} in the metrics. */
export function countCreated(list: Pick<Change, 'kind' | 'status'>[]): void {
  countEvents(list, true);
}

export async function notifyJobs(db: Db, list: Change[], created = false): Promise<void> {
  if (list.length === 0) return;
  countEvents(list, created);
  // One statement: lock, log every change and announce each, so a batch costs one round trip.
  const values = sql.join(
    list.map(
      (j) =>
        sql`(${j.tenantId}::uuid, ${j.accountId}::uuid, ${j.id}::uuid, ${typeOf(j, created)}, ${j.kind ?? null}::text, ${j.status}::text)`,
    ),
    sql`, `,
  );
  await db.execute(
    logAndAnnounce(sql`with v(tenant_id, account_id, job_id, type, kind, status) as (values ${values})`),
  );
}

/**
 * Changes a pending job and logs and announces the change in one statement, so a process that dies
 * between the two cannot leave a changed job that its feeds never hear of, and the tenant's event lock
 * is held for that one statement and its commit only, never across a round trip to this process (a
 * busy worker would keep the tenant's submissions waiting for it). `before`, when given, is a write of
 * the same statement (a `with` item named `b`) that runs first, whether or not the job is still pending.
 * Answers whether the job was pending.
 */
export async function changeAndNotify(
  db: Db,
  jobId: string,
  set: PgUpdateSetSource<typeof jobs>,
  before?: SQL,
): Promise<boolean> {
  const update = db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending')))
    .returning({
      id: jobs.id,
      tenantId: jobs.tenantId,
      accountId: jobs.accountId,
      status: jobs.status,
      kind: jobs.kind,
    });
  const result = await db.execute(
    logAndAnnounce(sql`with ${before ? sql`b as (${before}),` : sql``}
      u as (${update.getSQL()}),
      v(tenant_id, account_id, job_id, type, kind, status) as (
        select tenant_id, account_id, id,
          case status when 'done' then 'job.done' when 'failed' then 'job.failed' else 'job.updated' end, kind::text, status::text
        from u)`),
  );
  const changed = rowsOf<Pick<Change, 'kind' | 'status'>>(result);
  countEvents(changed, false);
  return changed.length > 0;
}

/** Ends a pending job (`set` names its status) with {@link changeAndNotify}. */
export const finishAndNotify = (db: Db, jobId: string, set: PgUpdateSetSource<typeof jobs>): Promise<boolean> =>
  changeAndNotify(db, jobId, set);

/** A generation that succeeded: its job, the stored result's address and when it ended. */
export interface DoneJob {
  id: string;
  cdnUrl: string;
  finishedAt: Date;
}

/**
 * `finishAndNotify` for many succeeded jobs at once: ends each that is still pending as done, and logs
 * and announces every change, in one statement (each tenant's event lock taken as in `notifyJobs`).
 * Answers the ids of the jobs it ended.
 */
export async function finishDoneAndNotify(db: Db, list: DoneJob[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const values = sql.join(
    list.map((j) => sql`(${j.id}::uuid, ${j.cdnUrl}::text, ${j.finishedAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(
    logAndAnnounce(sql`with d(id, cdn_url, finished_at) as (values ${values}),
      u as (
        update ${jobs} set status = 'done', cdn_url = d.cdn_url, note = null, finished_at = d.finished_at,
               elapsed_ms = (extract(epoch from (now() - ${jobs.createdAt})) * 1000)::int
          from d
         where ${jobs.id} = d.id and ${jobs.status} = 'pending'
        returning ${jobs.id}, ${jobs.tenantId}, ${jobs.accountId}, ${jobs.status}, ${jobs.kind}),
      v(tenant_id, account_id, job_id, type, kind, status) as (
        select tenant_id, account_id, id, 'job.done', kind::text, status::text from u)`),
  );
  const ended = rowsOf<Pick<Change, 'kind' | 'status'> & { job_id: string }>(result);
  countEvents(ended, false);
  return new Set(ended.map((r) => r.job_id));
}

/** The columns that end a job now: when it finished and how long it took since it was created. */
export const endedNow = () => ({
  finishedAt: new Date(),
  elapsedMs: sql<number>`(extract(epoch from (now() - ${jobs.createdAt})) * 1000)::int`,
});
