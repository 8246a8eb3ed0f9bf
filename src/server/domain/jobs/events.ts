import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { jobEvents, jobs, type Job } from '@/server/db/schema';
import { CREDENTIALS_CHANNEL } from '@/server/credential-changes';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { logger } from '@/server/logger';
import { recordJobEvent } from '@/server/metrics/registry';
import { jobView, type JobView } from './read';

/** Channel for job changes: every process's feed hub listens on it. */
export const JOB_CHANNEL = 'studio_jobs';

export type JobEventType = 'job.created' | 'job.updated' | 'job.done' | 'job.failed';

interface Notice {
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

export interface FeedEvent {
  id: number;
  type: JobEventType;
  job: JobView;
}

function visible(who: ScopedIdentity, n: { tenant: string; account: string | null }): boolean {
  return n.tenant === who.tenantId && (who.kind !== 'member' || n.account === who.accountId);
}

/** Events after `afterId` that this caller may see (for Last-Event-ID), oldest first, at most `limit`. */
export async function replayEvents(db: Db, who: ScopedIdentity, afterId: number, limit = 500): Promise<FeedEvent[]> {
  const conds = [eq(jobEvents.tenantId, who.tenantId), gt(jobEvents.id, afterId)];
  if (who.kind === 'member') conds.push(eq(jobEvents.accountId, who.accountId));
  const events = await db
    .select()
    .from(jobEvents)
    .where(and(...conds))
    .orderBy(asc(jobEvents.id))
    .limit(limit);
  if (events.length === 0) return [];
  const rows = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.id, [...new Set(events.map((e) => e.jobId))]));
  const byId = new Map(rows.map((j) => [j.id, j]));
  return events.flatMap((e) => {
    const job = byId.get(e.jobId);
    return job ? [{ id: e.id, type: e.type, job: jobView(job) }] : [];
  });
}

/** The newest event id of the caller's tenant (0 when none): where a feed without Last-Event-ID starts. */
export async function latestEventId(db: Db, who: ScopedIdentity): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${jobEvents.id})` })
    .from(jobEvents)
    .where(eq(jobEvents.tenantId, who.tenantId));
  return Number(row?.id ?? 0);
}

/** What an open feed gives the hub besides its identity: how to deliver, recheck, catch up and end it. */
export interface FeedHandlers {
  send: (e: FeedEvent) => void;
  /** Whether the feed's key or session still proves its identity. */
  recheck: () => Promise<boolean>;
  /**
   * Reads what the log holds past the feed's last event and sends it: called after the hub's
   * LISTEN connection came back, because announcements made while it was down are lost.
   */
  catchUp: () => Promise<void>;
  /** Ends the feed: its identity no longer holds. */
  end: () => void;
}

interface Listener extends FeedHandlers {
  who: ScopedIdentity;
  /** While a recheck runs, events wait here; null when none runs. */
  held: FeedEvent[] | null;
  /** Counts rechecks, so only the latest one decides. */
  checks: number;
}

/** How long the hub waits before reading again when the database did not answer. */
const RETRY_READ_MS = 500;

/**
 * One LISTEN per process fans job changes out to this process's open feeds: each change is read
 * once, however many feeds are open. Announcements are handled strictly in arrival order (which is
 * commit order, and within a tenant id order): those that arrive together are read in one query,
 * and a read that fails is retried before anything later goes out, so a feed never skips an event.
 * A credential change of a tenant (`CREDENTIALS_CHANNEL`) holds that tenant's feeds while each
 * rechecks its key or session: a feed whose identity no longer holds ends before it delivers
 * anything more. When the LISTEN connection comes back after a drop, every feed catches up from
 * the log.
 */
export class JobFeedHub {
  private listeners = new Set<Listener>();
  private started: Promise<void> | null = null;
  private queue: Notice[] = [];
  private pumping = false;
  private listens = 0;

  constructor(private readonly database: Database) {}

  private start(): Promise<void> {
    this.started ??= Promise.all([
      this.database.listen(
        JOB_CHANNEL,
        (payload) => this.enqueue(payload),
        () => this.relistened(),
      ),
      this.database.listen(CREDENTIALS_CHANNEL, (tenantId) => this.credentialsChanged(tenantId)),
    ])
      .then(() => undefined)
      .catch((err: unknown) => {
        this.started = null;
        throw err;
      });
    return this.started;
  }

  private relistened(): void {
    this.listens += 1;
    if (this.listens === 1) return;
    for (const listener of this.listeners) {
      listener
        .catchUp()
        .catch((err: unknown) =>
          logger.warn({ err }, 'a progress feed could not catch up after the database came back'),
        );
    }
  }

  private deliver(listener: Listener, event: FeedEvent): void {
    if (!this.listeners.has(listener)) return;
    if (listener.held) listener.held.push(event);
    else listener.send(event);
  }

  private enqueue(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (![...this.listeners].some((l) => visible(l.who, notice))) return;
    this.queue.push(notice);
    void this.pump();
  }

  /** Reads and delivers queued announcements in order, a batch per query. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, 200);
        let byId: Map<string, Job>;
        try {
          const rows = await this.database.db
            .select()
            .from(jobs)
            .where(inArray(jobs.id, [...new Set(batch.map((n) => n.job))]));
          byId = new Map(rows.map((j) => [j.id, j]));
        } catch (err) {
          logger.warn({ err }, 'could not read jobs for the progress feed; retrying');
          await new Promise((r) => setTimeout(r, RETRY_READ_MS));
          continue;
        }
        this.queue.splice(0, batch.length);
        for (const notice of batch) {
          const job = byId.get(notice.job);
          if (!job) continue;
          const event: FeedEvent = { id: notice.id, type: notice.type, job: jobView(job) };
          for (const l of this.listeners) if (visible(l.who, notice)) this.deliver(l, event);
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private credentialsChanged(tenantId: string): void {
    for (const listener of this.listeners) {
      if (listener.who.tenantId === tenantId) void this.recheck(listener);
    }
  }

  private async recheck(listener: Listener): Promise<void> {
    const check = ++listener.checks;
    listener.held ??= [];
    let ok = false;
    try {
      ok = await listener.recheck();
    } catch (err) {
      logger.warn({ err }, 'could not recheck a progress feed; ending it');
    }
    if (check !== listener.checks) return;
    const held = listener.held;
    listener.held = null;
    if (!ok) {
      this.listeners.delete(listener);
      listener.end();
      return;
    }
    for (const e of held) listener.send(e);
  }

  async subscribe(who: ScopedIdentity, handlers: FeedHandlers): Promise<() => void> {
    await this.start();
    const listener: Listener = { who, ...handlers, held: null, checks: 0 };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const HUB_KEY = Symbol.for('studio.jobFeedHub');
type GlobalWithHub = typeof globalThis & { [HUB_KEY]?: JobFeedHub };

export function jobFeedHub(database: Database): JobFeedHub {
  const g = globalThis as GlobalWithHub;
  g[HUB_KEY] ??= new JobFeedHub(database);
  return g[HUB_KEY];
}

/** Drops feed history older than `maxAgeMs` (a client reconnecting later starts from now). */
export async function pruneJobEvents(db: Db, maxAgeMs = 24 * 3600_000): Promise<void> {
  await db.delete(jobEvents).where(lt(jobEvents.at, new Date(Date.now() - maxAgeMs)));
}

/** The columns that end a job now: when it finished and how long it took since it was created. */
export const endedNow = () => ({
  finishedAt: new Date(),
  elapsedMs: sql<number>`(extract(epoch from (now() - ${jobs.createdAt})) * 1000)::int`,
});
