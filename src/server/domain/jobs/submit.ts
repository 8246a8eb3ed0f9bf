import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { columnName, hotStatement, isUniqueViolation, refusalIn, rowOf } from '@/server/db/rows';
import { jobs, type Job } from '@/server/db/schema';
import { jobTasksStatement, QUEUES } from '@/server/queue/queue';
import { countCreated, logAndAnnounceCreated } from './events';
import { recordCredits } from '@/server/metrics/registry';
import { planOrThrow, ROUTING_ERRORS } from '@/server/upstreams/engine';
import { bindingFor } from '@/server/upstreams/registry';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import {
  INSUFFICIENT_CREDITS_ERROR,
  insufficientCredits,
  movementParts,
  movementShape,
  walletOf,
  type MovementShape,
} from '@/server/domain/credits/ledger';
import { checkCallbackUrl, ownHosts } from '@/server/domain/callbacks/address';
import { AppError, badRequest, declared, fieldError, pathText, type FieldIssue } from '@/server/errors';
import { resolvePrompt } from '@/server/domain/templates/resolve';
import {
  checkCapacity,
  rateLimitedError,
  refusal,
  takeTokensWith,
  tokenValues,
} from '@/server/domain/limits/rate-limit';
import { MAX_BATCH, type BatchRequestBody, type ImageRequestBody } from '@/contracts/jobs';
import { imageNeeds, type ImageJobInput } from './types';
import { currentRequestId } from '@/server/request-id';

const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

/** The 409 of a submission whose `Idempotency-Key` came with another body within the window. */
export const IDEMPOTENCY_REUSED_ERROR = declared(
  'CONFLICT',
  'This Idempotency-Key was used within 24 hours with a different body; nothing was done: use a new key',
);

/** What `generateImage` and `generateBatch` answer besides the caller's and the body's refusals. */
export const IMAGE_SUBMIT_ERRORS = [
  declared(
    'BAD_REQUEST',
    'A rule of the request is broken (an unknown or inaccessible template or skill, a missing form field, a file that is not yours, a refused callback_url)',
  ),
  ...ROUTING_ERRORS,
  INSUFFICIENT_CREDITS_ERROR,
  IDEMPOTENCY_REUSED_ERROR,
  rateLimitedError('image generations (per tenant, per hour: `STUDIO_IMAGE_RATE_PER_HOUR`)'),
];

/** What a submission needs; `binding` when the key look-up read it (`bindingFor`). */
type SubmitContext = Pick<Deps, 'db' | 'config' | 'files'> & { binding?: string | null };

const RESULT_KEY = /^[^/]+\/results\/([0-9a-f-]{36})\.[a-z0-9]+$/;

/**
 * Whether the caller may use a stored file as an input: a tenant key (or console) any file of its
 * tenant; a member key only its own uploads and the results of its own jobs.
 */
async function mayUse(db: Db, who: ScopedIdentity, key: string): Promise<boolean> {
  if (!key.startsWith(`${who.tenantId}/`)) return false;
  if (who.kind !== 'member') return true;
  if (key.startsWith(`${who.tenantId}/uploads/m-${who.accountId}/`)) return true;
  const jobId = RESULT_KEY.exec(key)?.[1];
  if (!jobId) return false;
  const [own] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, who.tenantId), eq(jobs.accountId, who.accountId)));
  return own !== undefined;
}

/**
 * Only files Studio serves, and that the caller may use, are fetched: never an arbitrary address.
 * Every refusal has the same text, so it confirms nothing about other callers' files.
 */
export async function checkOwnFiles(
  ctx: Pick<SubmitContext, 'db' | 'files'>,
  who: ScopedIdentity,
  urls: { field: FieldIssue['path']; url: string }[],
): Promise<void> {
  for (const { field, url } of urls) {
    const key = ctx.files.keyOf(url);
    if (!key || !(await mayUse(ctx.db, who, key)) || (await ctx.files.size(key)) === null) {
      throw fieldError(
        field,
        `only files served by Studio that are yours can be used (upload them with POST /api/upload-ref, or use an earlier result of yours); ${url} is not one`,
      );
    }
  }
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function normalise(
  ctx: SubmitContext,
  who: ScopedIdentity,
  item: ImageRequestBody,
  path: FieldIssue['path'],
): Promise<ImageJobInput> {
  const resolved = await resolvePrompt(ctx.db, who, item, path);
  // Caller images always win over a template's defaults.
  const reference = item.reference_images ?? resolved.referenceImages ?? [];
  const input: ImageJobInput = {
    prompt: resolved.prompt,
    ratio: item.ratio ?? resolved.ratio ?? '1:1',
    quality: item.quality ?? 'high',
    background: item.background ?? null,
    reference_images: reference,
    image_url: item.image_url ?? null,
    mask: item.mask ?? null,
    model: item.model && item.model !== 'auto' ? item.model : null,
    provider: item.provider && item.provider !== 'auto' ? item.provider : null,
    source: resolved.source,
    ...(resolved.display_prompt !== undefined ? { display_prompt: resolved.display_prompt } : {}),
  };
  await checkOwnFiles(ctx, who, [
    ...(item.reference_images ?? []).map((url, i) => ({ field: [...path, 'reference_images', i], url })),
    ...(input.image_url ? [{ field: [...path, 'image_url'], url: input.image_url }] : []),
    ...(input.mask ? [{ field: [...path, 'mask'], url: input.mask }] : []),
  ]);
  return input;
}

/**
 * The stored form of an Idempotency-Key: the key under the identity that sent it, so a member's key
 * never answers another member's (or the tenant's) request. Tenant key and tenant console share one scope.
 */
export function scopedIdempotencyKey(who: ScopedIdentity, key: string | null): string | null {
  if (!key) return null;
  return `${who.kind === 'member' ? `member:${who.accountId}` : 'tenant'}:${key}`;
}

export interface Submission {
  items: ImageRequestBody[];
  callbackUrl: string | null;
  /** As the caller sent it; stored scoped to the caller (`scopedIdempotencyKey`). */
  idempotencyKey: string | null;
  /** Hash of the whole request body, to tell a replay from a reused key. */
  hash: string;
  batch: boolean;
}

/**
 * Validates every item before anything is accepted, then in one statement (one transaction, one round
 * trip: {@link submitStatement}): takes rate-limit tokens, charges the credits, inserts the jobs, queues
 * them and logs their events. A replay of an Idempotency-Key with the same body within 24 hours
 * answers the original jobs.
 */
export async function submitImageJobs(ctx: SubmitContext, who: ScopedIdentity, sub: Submission): Promise<Job[]> {
  if (sub.items.length === 0) throw fieldError(['items'], 'give at least one item');
  if (sub.items.length > MAX_BATCH)
    throw fieldError(['items'], `at most ${MAX_BATCH} items per batch (got ${sub.items.length})`);
  const idempotencyKey = scopedIdempotencyKey(who, sub.idempotencyKey);

  if (idempotencyKey) {
    const replay = await findReplay(ctx.db, who.tenantId, idempotencyKey, sub.hash);
    if (replay) return replay;
  }

  const callbacks = new Set([sub.callbackUrl, ...sub.items.map((i) => i.callback_url)].filter((u): u is string => !!u));
  for (const url of callbacks) {
    const verdict = await checkCallbackUrl(url, {
      allowPrivate: ctx.config.allowPrivateCallbacks,
      ownHosts: ownHosts(ctx.config),
    });
    if (!verdict.ok) throw badRequest(`callback_url ${verdict.reason}: callbacks go only to public http(s) addresses`);
  }

  const binding = await bindingFor(ctx, who.tenantId);
  const inputs: ImageJobInput[] = [];
  for (const [i, item] of sub.items.entries()) {
    const path = sub.batch ? ['items', i] : [];
    const input = await normalise(ctx, who, item, path);
    // Refuse what no upstream can do now, before charging or queueing anything.
    try {
      await planOrThrow(ctx.db, {
        media: 'image',
        model: input.model ?? undefined,
        provider: input.provider ?? undefined,
        binding,
        needs: imageNeeds(input),
      });
    } catch (err) {
      if (err instanceof AppError && sub.batch) {
        throw new AppError(err.code, `${pathText(path)}: ${err.message}`, {
          retryAfter: err.retryAfter,
          issues: [{ path, message: err.message }],
          reason: err.reason,
        });
      }
      throw err;
    }
    inputs.push(input);
  }

  const wallet = await walletOf(ctx.db, who);
  const accountId = wallet.actorAccountId;
  const walletAccountId = wallet.accountId;
  const prices = ctx.config.prices.image;
  const batchId = sub.batch ? randomUUID() : null;

  const rows: NewJob[] = inputs.map((input, i) => ({
    id: randomUUID(),
    tenantId: who.tenantId,
    accountId,
    kind: 'image' as const,
    // The request as the caller sent it (slot values included), so the console can run it again or show it as an API call.
    input: { ...input, request: callerRequest(sub.items[i], sub.callbackUrl) },
    credits: prices[input.quality],
    walletAccountId,
    callbackUrl: sub.items[i]?.callback_url ?? sub.callbackUrl,
    idempotencyKey: i === 0 ? idempotencyKey : null,
    requestHash: i === 0 ? sub.hash : null,
    batchId,
    batchIndex: sub.batch ? i : null,
    costUsd: prices[input.quality] * ctx.config.creditUsd,
    requestId: currentRequestId() ?? null,
  }));
  const total = rows.reduce((s, r) => s + r.credits, 0);
  const limit = { key: `image:${who.tenantId}`, capacity: ctx.config.imageRatePerHour, perMs: 3600_000 };
  const what = 'image generations';
  checkCapacity(limit, rows.length, what);
  const charge =
    total > 0
      ? movementShape(
          {
            tenantId: who.tenantId,
            accountId: walletAccountId,
            actorAccountId: accountId,
            amount: -total,
            kind: 'charge',
            category: 'image',
            ref: batchId ?? rows[0]?.id ?? null,
            note: rows.length > 1 ? `${rows.length} images` : null,
          },
          { limit, tokens: rows.length },
        )
      : null;

  try {
    // One statement, so one round trip and one transaction: the tokens, the charge, the jobs, their
    // tasks and their events; refused as a whole when the tokens or the credits are not there.
    const raw = await submitStatement<Record<string, unknown>>(ctx.db, charge?.shape ?? 'free', {
      ...(charge ? charge.values : tokenValues(limit, rows.length)),
      jobs: jobsParameter(rows),
      queue: QUEUES.imageJob,
    });
    const inserted = raw.map((r) => rowOf(jobs, r));
    if (total > 0) recordCredits('charge', 'image', -total);
    countCreated(inserted);
    return inserted.sort((a, b) => (a.batchIndex ?? 0) - (b.batchIndex ?? 0));
  } catch (err) {
    const refused = refusalIn(err);
    if (refused === 'rate') throw await refusal(ctx.db, limit, rows.length, what);
    if (refused === 'credits') throw insufficientCredits(total);
    // Two identical requests racing on one key: the loser answers the winner's jobs.
    if (idempotencyKey && isUniqueViolation(err)) {
      const replay = await findReplay(ctx.db, who.tenantId, idempotencyKey, sub.hash);
      if (replay) return replay;
    }
    throw err;
  }
}

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
] as const;
type NewJob = Pick<typeof jobs.$inferInsert, (typeof JOB_FIELDS)[number]>;

/**
 * A submission's statement, by shape: the charge's movement shape (`movementParts`), or `free` for
 * jobs that cost nothing (their rate-limit tokens only). In order: the tokens and the charge (the
 * wallet's row lock, then the ledger row and the day's usage row, which the jobs' insert reads so that
 * they come before the event lock); the jobs, inserted only past `studio_refuse`, which raises
 * (rolling the whole statement back, tokens included) when the tokens or the credits were not there;
 * a task for each job, announced to the workers; the jobs' events under their tenant's event lock,
 * announced to the feeds. Answers the jobs inserted. Compiled once per shape.
 */
const submitStatement = hotStatement<string>((v, shape) => {
  const charged = shape !== 'free';
  const parts = charged ? movementParts(v, shape as MovementShape) : null;
  const columns = getTableColumns(jobs);
  const names = sql.join(
    JOB_FIELDS.map((f) => sql.identifier(columnName(columns[f]))),
    sql`, `,
  );
  const record = sql.join(
    JOB_FIELDS.map((f) => sql`${sql.identifier(columnName(columns[f]))} ${sql.raw(columns[f].getSQLType())}`),
    sql`, `,
  );
  const refused = parts
    ? sql`case when not (${parts.passed}) then 'rate' when not exists (select 1 from w) then 'credits' end`
    : sql`case when not exists (select 1 from g) then 'rate' end`;
  return logAndAnnounceCreated(sql`
    with ${parts ? parts.ctes : sql`g as (${takeTokensWith(v)})`},
    j as (
      insert into ${jobs} (${names})
      select ${names} from jsonb_to_recordset(${v('jobs')}::jsonb) as x(${record})
       where studio_refuse(${refused})${parts ? sql` and ${parts.written}` : sql``}
      returning *),
    t as (
      ${jobTasksStatement(v('queue'), sql.raw('j'))}),
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

/** One item as it would be sent alone to `POST /api/generate`: a batch's callback_url applies to it. */
function callerRequest(item: ImageRequestBody | undefined, callbackUrl: string | null): ImageRequestBody | undefined {
  if (!item) return undefined;
  const callback = item.callback_url ?? callbackUrl;
  return callback ? { ...item, callback_url: callback } : item;
}

async function findReplay(db: Db, tenantId: string, key: string, hash: string): Promise<Job[] | null> {
  const [first] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.idempotencyKey, key)));
  if (!first) return null;
  if (Date.now() - first.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    // The key's window is over: free it for this new request.
    await db.update(jobs).set({ idempotencyKey: null }).where(eq(jobs.id, first.id));
    return null;
  }
  if (first.requestHash !== hash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used with a different request body; use a new key',
    );
  }
  if (!first.batchId) return [first];
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.batchId, first.batchId)))
    .orderBy(asc(jobs.batchIndex), sql`${jobs.id}`);
}

/** `POST /api/generate`: one image job. A replayed Idempotency-Key answers the original job, whatever its status now. */
export async function generateImage(
  deps: SubmitContext,
  who: ScopedIdentity,
  body: ImageRequestBody,
  request: { idempotencyKey: string | null },
): Promise<{ jobId: string; status: 'pending' }> {
  const [job] = await submitImageJobs(deps, who, {
    items: [body],
    callbackUrl: body.callback_url ?? null,
    idempotencyKey: request.idempotencyKey,
    hash: requestHash(['generate', body]),
    batch: false,
  });
  if (!job) throw new AppError('INTERNAL', 'no job was created');
  return { jobId: job.id, status: 'pending' };
}

/** `POST /api/generate-batch`: up to 32 image jobs, validated together, answered in item order. */
export async function generateBatch(
  deps: SubmitContext,
  who: ScopedIdentity,
  body: BatchRequestBody,
  request: { idempotencyKey: string | null },
): Promise<{ batch_id: string; jobs: { jobId: string; status: 'pending' }[] }> {
  const created = await submitImageJobs(deps, who, {
    items: body.items,
    callbackUrl: body.callback_url ?? null,
    idempotencyKey: request.idempotencyKey,
    hash: requestHash(['batch', body]),
    batch: true,
  });
  return {
    batch_id: created[0]?.batchId ?? '',
    jobs: created.map((j) => ({ jobId: j.id, status: 'pending' as const })),
  };
}
