import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client';
import { jobEvents, jobs, type Job } from '../../db/schema';
import { CREDENTIALS_CHANNEL } from '../auth/credential-changes';
import type { ScopedIdentity } from '../auth/identity';
import { logger } from '../../logger';
import { recordJobEvent } from '../../metrics/registry';
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
 * Records a job change in the feed's log and announces it to every process (pg_notify is delivered
 * at commit when called inside a transaction).
 */
export async function notifyJob(db: Db, job: Pick<Job, 'id' | 'tenantId' | 'accountId' | 'status'> & { kind?: Job['kind'] }, created = false): Promise<void> {
  await notifyJobs(db, [job], created);
}

export async function notifyJobs(
  db: Db,
  list: (Pick<Job, 'id' | 'tenantId' | 'accountId' | 'status'> & { kind?: Job['kind'] })[],
  created = false,
): Promise<void> {
  if (list.length === 0) return;
  for (const j of list) {
    if (created) recordJobEvent(j.kind, 'created');
    else if (j.status !== 'pending') recordJobEvent(j.kind, j.status);
  }
  // One statement: log every change and announce each, so a batch costs one round trip.
  const values = sql.join(
    list.map((j) => sql`(${j.tenantId}::uuid, ${j.accountId}::uuid, ${j.id}::uuid, ${typeOf(j, created)})`),
    sql`, `,
  );
  await db.execute(sql`
    with e as (
      insert into job_events (tenant_id, account_id, job_id, type) values ${values}
      returning id, tenant_id, account_id, job_id, type)
    select pg_notify(${JOB_CHANNEL}, json_build_object('id', e.id, 'tenant', e.tenant_id, 'account', e.account_id, 'job', e.job_id, 'type', e.type)::text)
      from e`);
}

/**
 * Ends a pending job and logs and announces the change in a single statement (the common case of a
 * job without callback): the finishing path of every generation, so round trips count.
 */
export async function finishAndNotify(db: Db, jobId: string, set: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
  const update = db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id, tenantId: jobs.tenantId, accountId: jobs.accountId, status: jobs.status, kind: jobs.kind });
  const [row] = await update;
  if (!row) return false;
  await notifyJobs(db, [row]);
  return true;
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
  const events = await db.select().from(jobEvents).where(and(...conds)).orderBy(asc(jobEvents.id)).limit(limit);
  if (events.length === 0) return [];
  const rows = await db.select().from(jobs).where(inArray(jobs.id, [...new Set(events.map((e) => e.jobId))]));
  const byId = new Map(rows.map((j) => [j.id, j]));
  return events.flatMap((e) => {
    const job = byId.get(e.jobId);
    return job ? [{ id: e.id, type: e.type, job: jobView(job) }] : [];
  });
}

/** What an open feed gives the hub besides its identity: how to deliver, recheck and end it. */
export interface FeedHandlers {
  send: (e: FeedEvent) => void;
  /** Whether the feed's key or session still proves its identity. */
  recheck: () => Promise<boolean>;
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

/**
 * One LISTEN per process fans job changes out to this process's open feeds: each change is read
 * once, however many feeds are open. A credential change of a tenant (`CREDENTIALS_CHANNEL`) holds
 * that tenant's feeds while each rechecks its key or session: a feed whose identity no longer holds
 * ends before it delivers anything more.
 */
export class JobFeedHub {
  private listeners = new Set<Listener>();
  private started: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  private start(): Promise<void> {
    this.started ??= Promise.all([
      this.database.listen(JOB_CHANNEL, (payload) => void this.dispatch(payload)),
      this.database.listen(CREDENTIALS_CHANNEL, (tenantId) => this.credentialsChanged(tenantId)),
    ])
      .then(() => undefined)
      .catch((err: unknown) => {
        this.started = null;
        throw err;
      });
    return this.started;
  }

  private deliver(listener: Listener, event: FeedEvent): void {
    if (!this.listeners.has(listener)) return;
    if (listener.held) listener.held.push(event);
    else listener.send(event);
  }

  private async dispatch(payload: string): Promise<void> {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    const targets = [...this.listeners].filter((l) => visible(l.who, notice));
    if (targets.length === 0) return;
    try {
      const [job] = await this.database.db.select().from(jobs).where(eq(jobs.id, notice.job));
      if (!job) return;
      const event: FeedEvent = { id: notice.id, type: notice.type, job: jobView(job) };
      for (const t of targets) this.deliver(t, event);
    } catch (err) {
      logger.warn({ err }, 'could not read a job for the progress feed');
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
