import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { columnName, hotStatement, refusalIn, rowOf } from '@/server/db/rows';
import { jobs, videoTasks, type Job } from '@/server/db/schema';
import { jobTasksStatement, type QueueName } from '@/server/queue/queue';
import { currentTraceParent } from '@/server/tracing/tracing';
import { recordCredits } from '@/server/metrics/registry';
import {
  insufficientCredits,
  movementParts,
  movementShape,
  type MovementShape,
  type Movement,
} from '@/server/domain/credits/ledger';
import { checkCapacity, refusal, takeTokensWith, tokenValues, type Limit } from '@/server/domain/limits/rate-limit';
import { countCreated, logAndAnnounceCreated } from './events';
import type { KeyGrant } from '@/server/domain/auth/identity';
import { takeSlots } from '@/server/domain/keys/concurrency';
import { takeSpend } from '@/server/domain/keys/spend-cap';

/** Whether a key's policy asks for a count or a sum in the submission's transaction. */
const gatedKey = (key: KeyGrant) => key.policy?.max_concurrent !== undefined || key.policy?.spend_cap !== undefined;
import { badRequest } from '@/server/errors';
import { lockUploads, UPLOAD_GONE_TEXT, uploadsGone } from '@/server/domain/uploads/in-use';

/** The columns a submission sets; the rest take their defaults. */
const JOB_FIELDS = [
  'id',
  'tenantId',
  'accountId',
  'kind',
  'input',
  'credits',
  'walletAccountId',
  'callbackUrl',
  'idempotencyKey',
  'requestHash',
  'batchId',
  'batchIndex',
  'costUsd',
  'requestId',
  'keyId',
] as const;
export type NewJob = Pick<typeof jobs.$inferInsert, (typeof JOB_FIELDS)[number]>;

/** What a submission writes, once every check of the request has passed. */
export interface JobsToInsert {
  rows: NewJob[];
  /** The queue their work waits in. */
  queue: QueueName;
  /** The charge of all of them (its amount negative), or null when they cost nothing. */
  charge: Movement | null;
  /** The tenant's rate bucket: one token per job. */
  limit: Limit;
  /** How the rate limit's refusal names the jobs (`image generations`). */
  what: string;
  /** Video jobs: each gets its `video_tasks` row (its tier from the job's input) in the same statement. */
  videoTasks?: boolean;
  /** The keys of the uploads the jobs use (`uploadKeysOf`): held until the statement commits. */
  files?: string[];
  /** The key that submits them: its policy's `max_concurrent` and `spend_cap` are held in the same transaction. */
  key?: KeyGrant | undefined;
}

type SubmitShape = `${MovementShape | 'free'}${'' | '+video'}`;

/**
 * Writes a submission in one statement (one transaction, one round trip): the rate-limit tokens, the
 * charge, the jobs, their video tasks when they are videos, their queue rows and their events; refused
 * as a whole when the tokens or the credits are not there (a 429 or a 402 with their texts). Answers
 * the jobs inserted; any other error (a reused Idempotency-Key's unique violation) is the caller's.
 */
export async function insertJobs(db: Db, sub: JobsToInsert): Promise<Job[]> {
  const n = sub.rows.length;
  checkCapacity(sub.limit, n, sub.what);
  const charge = sub.charge ? movementShape(sub.charge, { limit: sub.limit, tokens: n }) : null;
  const shape: SubmitShape = `${charge?.shape ?? 'free'}${sub.videoTasks ? '+video' : ''}`;
  const values = {
    ...(charge ? charge.values : tokenValues(sub.limit, n)),
    jobs: jobsParameter(sub.rows),
    files: JSON.stringify(sub.files ?? []),
    queue: sub.queue,
    // The submitting request's span, when tracing: its tasks' spans in the worker continue it.
    traceParent: currentTraceParent(),
  };
  const key = sub.key && gatedKey(sub.key) ? sub.key : null;
  try {
    // A key with a concurrency limit or a spend cap: its slots and spend are taken in the statement's
    // transaction (domain/keys), so a refusal of either rolls everything back. Other keys: one statement.
    const raw = key
      ? await db.transaction(async (tx) => {
          await takeSlots(tx, key, n);
          await takeSpend(tx, key, -(sub.charge?.amount ?? 0));
          return submitStatement<Record<string, unknown>>(tx, shape, values);
        })
      : await submitStatement<Record<string, unknown>>(db, shape, values);
    const inserted = raw.map((r) => rowOf(jobs, r));
    if (sub.charge) recordCredits('charge', sub.charge.category, sub.charge.amount);
    countCreated(inserted);
    return inserted;
  } catch (err) {
    const refused = refusalIn(err);
    if (refused === 'rate') throw await refusal(db, sub.limit, n, sub.what);
    if (refused === 'credits') throw insufficientCredits(-(sub.charge?.amount ?? 0));
    if (refused === 'file') throw badRequest(UPLOAD_GONE_TEXT);
    throw err;
  }
}

/**
 * The submission's statement, by shape: the charge's movement shape (`movementParts`), or `free` for
 * jobs that cost nothing (their rate-limit tokens only), and `+video` for video jobs. In order: the
 * tokens and the charge (the wallet's row lock, then the ledger row and the day's usage row, which the
 * jobs' insert reads so that they come before the event lock); the jobs, inserted only past
 * `studio_refuse`, which raises (rolling the whole statement back, tokens included) when an upload the
 * jobs use was deleted meanwhile (the uploads are share-locked first) or the tokens or the credits were
 * not there; each video job's task row; a queue row for each job, announced to the
 * workers; the jobs' events under their tenant's event lock, announced to the feeds. Answers the jobs
 * inserted. Compiled once per shape.
 */
const submitStatement = hotStatement<SubmitShape>((v, shape) => {
  const [money, video] = shape.split('+');
  const parts = money && money !== 'free' ? movementParts(v, money as MovementShape) : null;
  const columns = getTableColumns(jobs);
  const names = sql.join(
    JOB_FIELDS.map((f) => sql.identifier(columnName(columns[f]))),
    sql`, `,
  );
  const record = sql.join(
    JOB_FIELDS.map((f) => sql`${sql.identifier(columnName(columns[f]))} ${sql.raw(columns[f].getSQLType())}`),
    sql`, `,
  );
  // An upload a job uses is held (shared) until the statement commits: a deletion waits for it or wins first.
  const gone = sql`when ${uploadsGone('f')} then 'file'`;
  const refused = parts
    ? sql`case ${gone} when not (${parts.passed}) then 'rate' when not exists (select 1 from w) then 'credits' end`
    : sql`case ${gone} when not exists (select 1 from g) then 'rate' end`;
  const tasksOfVideos = video
    ? sql`
    vt as (
      insert into ${videoTasks} (id, tenant_id, account_id, tier)
      select id, tenant_id, account_id, input->>'tier' from j),`
    : sql``;
  return logAndAnnounceCreated(sql`
    with ${parts ? parts.ctes : sql`g as (${takeTokensWith(v)})`},
    f as (${lockUploads(v('files'))}),
    j as (
      insert into ${jobs} (${names})
      select ${names} from jsonb_to_recordset(${v('jobs')}::jsonb) as x(${record})
       where studio_refuse(${refused})${parts ? sql` and ${parts.written}` : sql``}
      returning *),${tasksOfVideos}
    t as (
      ${jobTasksStatement(v('queue'), sql.raw('j'), v('traceParent'))}),
    v(tenant_id, account_id, job_id, type, kind, status) as (
      select tenant_id, account_id, id, 'job.created', kind, status from j)`);
});

/**
 * The jobs as {@link submitStatement} takes them: one JSON array of rows keyed by column, so a batch
 * of any size is the same statement (one prepared statement per charge shape, not one per size).
 */
function jobsParameter(rows: NewJob[]): string {
  const columns = getTableColumns(jobs);
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(JOB_FIELDS.map((f) => [columnName(columns[f]), row[f] ?? null]))),
  );
}
