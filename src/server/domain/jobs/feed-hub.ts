import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '@/server/db/client';
import { jobEvents, jobs, type Job } from '@/server/db/schema';
import { CREDENTIALS_CHANNEL } from '@/server/credential-changes';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { logger } from '@/server/logger';
import { JOB_CHANNEL, type JobEventType, type Notice } from './events';
import { jobView, type JobView } from './read';

/**
 * The live job feed: what a caller may replay after a Last-Event-ID, and the per-process hub that
 * listens on the job channel once and hands each change to the open feeds (SSE, MCP, waiting calls).
 */

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
