import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { jobStatuses } from '@/contracts/jobs';
import { at, serialKey, stamp, uuidKey } from './columns';
import { tenantRef, tenants } from './tenants';

export interface JobStep {
  name: string;
  status: 'running' | 'ok' | 'fail';
  /** Why a `fail` step stopped, for the caller. */
  error?: string;
}

/**
 * Work of a tenant: image generation, video tasks and image-to-template conversions (asynchronous),
 * and articles, which are written synchronously and kept here finished (`done` or `failed`, never
 * `pending`), with the copy in `result`; the job list, lookup and feed leave articles out.
 * The caller sees only id, status, cdn_url, error, elapsed_ms, the fallback note, steps and (for a
 * conversion) its result; which upstream served is never stored here.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    /** The member that submitted it; null for the tenant key or a console session. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    kind: text({ enum: ['image', 'video', 'template', 'article'] }).notNull(),
    status: text({ enum: jobStatuses }).notNull().default('pending'),
    /** The validated request, with the prompt already resolved from a skill or template. */
    input: jsonb().$type<Record<string, unknown>>().notNull(),
    credits: integer().notNull(),
    /** Credits given back (all of `credits` for a failed job, a share for a conversion whose text layers were not read). */
    creditsRefunded: integer().notNull().default(0),
    /** Wallet that paid: null = tenant pool, otherwise the member's dedicated credits. */
    walletAccountId: uuid(),
    cdnUrl: text(),
    /** When the retention deleted the result file (`cdnUrl` is then null; docs/operations.md → Retention). */
    resultExpiredAt: at(),
    error: text(),
    /** The stable, machine-readable cause of a failure (`content_refused`, `timeout`, ...; docs/api.md → Job failures). */
    errorReason: text(),
    /** Shown while pending, e.g. that a backup channel is in use. */
    note: text(),
    steps: jsonb().$type<JobStep[]>(),
    /** A finished image-to-template conversion: the answer `GET /api/image-to-template?job_id=` gives. */
    result: jsonb().$type<Record<string, unknown>>(),
    /** Last sign of life of a multi-step job (a step began or ended); the watchdog fails one that stalls. */
    progressAt: at(),
    callbackUrl: text(),
    idempotencyKey: text(),
    requestHash: text(),
    batchId: uuid(),
    batchIndex: integer(),
    /** Price of the job in USD at the tenant's rate (credits x USD per credit), for the callback. */
    costUsd: real(),
    /** The request that submitted the job (X-Request-Id), for logs, callbacks and support. */
    requestId: text(),
    /** The key (`api_keys.id`) that submitted it, for its policy's `max_concurrent` and `spend_cap`; null: a console session. */
    keyId: uuid(),
    /** Worker executions so far; a job found running after a crash is retried a bounded number of times. */
    runs: integer().notNull().default(0),
    createdAt: stamp(),
    startedAt: at(),
    finishedAt: at(),
    elapsedMs: integer(),
  },
  (t) => [
    index('jobs_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('jobs_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('jobs_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_key_pending_idx')
      .on(t.keyId)
      .where(sql`${t.status} = 'pending' and ${t.keyId} is not null`),
    index('jobs_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    index('jobs_stalled_idx')
      .on(t.progressAt)
      .where(sql`${t.status} = 'pending' and ${t.progressAt} is not null`),
    uniqueIndex('jobs_tenant_idempotency_uq')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export type Job = typeof jobs.$inferSelect;

/**
 * The work queue: one row per unit of work (run a job, deliver a callback). Workers claim rows with
 * FOR UPDATE SKIP LOCKED and hold them under a lease; a row whose lease ran out (its worker died) is
 * claimed again. Enqueueing is an insert in the caller's transaction.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serialKey(),
    queue: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    runAt: stamp(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    lockedUntil: at(),
    lockedBy: text(),
    lastError: text(),
    /** The request that set the task off (X-Request-Id): current again while a worker runs it. */
    requestId: text(),
    /** The W3C traceparent of the span that queued it, when tracing is on: the worker's span continues it. */
    traceParent: text(),
    createdAt: stamp(),
  },
  (t) => [index('tasks_due_idx').on(t.queue, t.runAt)],
);

export type TaskRow = typeof tasks.$inferSelect;

/** Token buckets for rate limits shared by every instance. */
export const rateBuckets = pgTable('rate_buckets', {
  key: text().primaryKey(),
  tokens: real().notNull(),
  updatedAt: stamp(),
});

/** Every callback delivery attempt, for the tenant's and the operator's records. */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: serialKey(),
    /**
     * The tenant the delivery was made for. Null only on rows written before this column existed
     * (their tenant is their job's); every new row carries it.
     */
    tenantId: uuid().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The job whose outcome was delivered; null for a test delivery (`webhook.test`), which has no job. */
    jobId: uuid().references(() => jobs.id, { onDelete: 'cascade' }),
    /** The `webhook-id` sent: the same on every attempt of one event, so receivers de-duplicate by it. */
    eventId: text(),
    attempt: integer().notNull(),
    url: text().notNull(),
    /** HTTP status of the receiver's answer; null when it could not be reached or was refused. */
    statusCode: integer(),
    ok: text({ enum: ['delivered', 'failed', 'refused'] }).notNull(),
    error: text(),
    durationMs: integer().notNull(),
    at: stamp(),
  },
  (t) => [
    index('callback_deliveries_job_idx').on(t.jobId),
    index('callback_deliveries_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** The progress feed's log: one row per job change, so a reconnecting client resumes from Last-Event-ID. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: serialKey(),
    tenantId: uuid().notNull(),
    accountId: uuid(),
    jobId: uuid().notNull(),
    type: text({ enum: ['job.created', 'job.updated', 'job.done', 'job.failed'] }).notNull(),
    at: stamp(),
  },
  (t) => [index('job_events_tenant_id_idx').on(t.tenantId, t.id), index('job_events_at_idx').on(t.at)],
);
