import { sql, type SQL } from 'drizzle-orm';
import type { CallFilters, CallKind, CallStatus } from '@/contracts/calls';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { USAGE_TIMEZONE } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { fieldError } from '@/server/errors';
import { callsWritten } from './record';

/**
 * The call log read: the tenant's calls newest first, from two sources read as one. Chat completions
 * and image readings are rows of `call_log` (they leave no job); images, batches, videos, articles and
 * image-to-template conversions are their `jobs` rows, which already carry who, what, status, credits,
 * refunds, elapsed time and request id. Each side is cut to the page by its own index
 * (`call_log_tenant_created_idx`, `jobs_tenant_created_idx`) before the two are merged.
 */

/** One call as the log shows it; never an upstream, channel or provider. */
export interface CallView {
  id: string;
  at: string;
  kind: CallKind;
  status: CallStatus;
  /** The member who made it; null for the tenant's own key or console session. */
  account_id: string | null;
  member: string | null;
  /** `key` or `console` when known (chat, reading); null for jobs. */
  via: 'key' | 'console' | null;
  /** The model family, tier or `auto` asked for; null when the request named none. */
  model: string | null;
  /** The model family that answered (chat). */
  family: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  /** Credits charged, and the part of them given back. */
  credits: number;
  credits_refunded: number;
  latency_ms: number | null;
  request_id: string | null;
  /** The job, for the kinds that are jobs. */
  job_id: string | null;
  error_code: string | null;
  /** Why it failed, or how it ended, in a few words. */
  note: string | null;
  /** The prompt, template or other text of the request, when one was kept. */
  text: string | null;
}

/** A row as the query reads it: the view's fields, its time as the cursor's key, and its ref. */
type Row = Omit<CallView, 'at'> & { at_key: string; ref: string };

/** Job kinds as the call log names them (`template` is image-to-template; an image of a batch is `batch`). */
const JOB_KIND = sql`case when j.kind = 'image' and j.batch_id is not null then 'batch' when j.kind = 'template' then 'image-template' else j.kind end`;

const JOB_KIND_WHERE: Partial<Record<CallKind, SQL>> = {
  image: sql`j.kind = 'image' and j.batch_id is null`,
  batch: sql`j.kind = 'image' and j.batch_id is not null`,
  video: sql`j.kind = 'video'`,
  article: sql`j.kind = 'article'`,
  'image-template': sql`j.kind = 'template'`,
};

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions of one side (`j` jobs or `c` call_log) for the caller and the filters; null: nothing matches. */
function conditions(side: 'j' | 'c', who: ScopedIdentity, f: CallFilters, before: Cursor | null): SQL | null {
  const t = sql.raw(side);
  const parts: SQL[] = [sql`${t}.tenant_id = ${who.tenantId}::uuid`];
  const account = who.kind === 'member' ? who.accountId : f.account_id;
  if (who.kind === 'member' && f.account_id && f.account_id !== who.accountId) return null;
  if (account) parts.push(sql`${t}.account_id = ${account}::uuid`);
  if (f.kind) {
    if (side === 'c') {
      if (f.kind !== 'chat' && f.kind !== 'reading') return null;
      parts.push(sql`c.kind = ${f.kind}`);
    } else {
      const where = JOB_KIND_WHERE[f.kind];
      if (!where) return null;
      parts.push(where);
    }
  }
  if (f.status) {
    if (side === 'j' && f.status === 'refused') return null;
    parts.push(sql`${t}.status = ${f.status}`);
  }
  if (f.from) parts.push(sql`${t}.created_at >= (${f.from}::date::timestamp at time zone ${USAGE_TIMEZONE})`);
  if (f.to) parts.push(sql`${t}.created_at < ((${f.to}::date + 1)::timestamp at time zone ${USAGE_TIMEZONE})`);
  if (f.q) {
    const like = containing(f.q);
    parts.push(
      side === 'c'
        ? sql`(c.request_id = ${f.q} or c.id::text = ${f.q} or c.ref = ${f.q} or c.model ilike ${like}
               or c.family ilike ${like} or c.note ilike ${like} or c.error_code ilike ${like})`
        : sql`(j.request_id = ${f.q} or j.id::text = ${f.q} or j.batch_id::text = ${f.q} or j.input->>'model' ilike ${like}
               or coalesce(j.input->>'display_prompt', j.input->>'prompt', j.input->>'template_slug') ilike ${like} or j.error ilike ${like})`,
    );
  }
  if (before) {
    parts.push(sql`(${t}.created_at, ${t}.id::text) < (${before.at}::timestamptz, ${before.id})`);
  }
  return sql.join(parts, sql` and `);
}

/** The call-log side's columns, as the merged rows name them. */
const callSide = (
  where: SQL,
  tail: SQL,
) => sql`(select c.id::text as id, c.created_at as at, c.kind, c.status, c.account_id,
    c.via, c.model, c.family, c.tokens_in, c.tokens_out, c.credits, c.credits_refunded, c.latency_ms, c.request_id,
    null::text as job_id, c.error_code, c.note, null::text as text, c.ref
  from call_log c where ${where} ${tail})`;

/** The jobs side: a video's tier is its task's; the text is the prompt as shown, or the article's template. */
const jobSide = (
  where: SQL,
  tail: SQL,
) => sql`(select j.id::text as id, j.created_at as at, ${JOB_KIND} as kind, j.status,
    j.account_id, null::text as via, coalesce(vt.tier, j.input->>'model') as model, null::text as family,
    null::integer as tokens_in, null::integer as tokens_out, j.credits, j.credits_refunded, j.elapsed_ms as latency_ms,
    j.request_id, j.id::text as job_id, j.error_reason as error_code, j.error as note,
    coalesce(j.input->>'display_prompt', j.input->>'prompt', j.input->>'template_slug') as text, j.id::text as ref
  from jobs j left join video_tasks vt on vt.id = j.id where ${where} ${tail})`;

/** The sides merged, with the member's name and the time to the microsecond (for cursors). */
async function merged(db: Db, sides: SQL[], limit: number): Promise<Row[]> {
  if (sides.length === 0) return [];
  const result = await db.execute(sql`
    select u.*, to_char(u.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key, a.nickname as member
      from (${sql.join(sides, sql` union all `)}) u
      left join accounts a on a.id = u.account_id
     order by u.at desc, u.id desc
     limit ${limit}`);
  return rowsOf<Row>(result);
}

/** The log's rows for a caller, newest first: at most `limit` after `before`. */
async function readRows(
  db: Db,
  who: ScopedIdentity,
  f: CallFilters,
  before: Cursor | null,
  limit: number,
): Promise<Row[]> {
  const cw = conditions('c', who, f, before);
  const jw = conditions('j', who, f, before);
  const sides: SQL[] = [];
  if (cw) sides.push(callSide(cw, sql`order by c.created_at desc, c.id::text desc limit ${limit}`));
  if (jw) sides.push(jobSide(jw, sql`order by j.created_at desc, j.id::text desc limit ${limit}`));
  return merged(db, sides, limit);
}

/** A page's position: the time (to the microsecond) and id of its last row. */
interface Cursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;

function readCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  const m = CURSOR.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m?.[1] || !m[2]) throw fieldError(['cursor'], 'is not a cursor this list gave; start again without it');
  return { at: m[1], id: m[2] };
}

const cursorOf = (r: Row) => Buffer.from(`${r.at_key}|${r.id}`, 'utf8').toString('base64url');

function viewOf(r: Row): CallView {
  return {
    id: r.id,
    // Microseconds cut to the millisecond, as every other time of the API.
    at: `${r.at_key.slice(0, 23)}Z`,
    kind: r.kind,
    status: r.status,
    account_id: r.account_id,
    member: r.member,
    via: r.via,
    model: r.model,
    family: r.family,
    tokens_in: r.tokens_in,
    tokens_out: r.tokens_out,
    credits: Number(r.credits),
    credits_refunded: Number(r.credits_refunded),
    latency_ms: r.latency_ms,
    request_id: r.request_id,
    job_id: r.job_id,
    error_code: r.error_code,
    note: r.note,
    text: r.text,
  };
}

export interface CallPage {
  calls: CallView[];
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

/** One page of the caller's calls (a member key: its own), newest first. */
export async function listCalls(
  { db }: { db: Db },
  who: ScopedIdentity,
  input: CallFilters & { cursor?: string | undefined; limit: number },
): Promise<CallPage> {
  const before = readCursor(input.cursor);
  await callsWritten(who.tenantId);
  const rows = await readRows(db, who, input, before, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return { calls: page.map(viewOf), next_cursor: rows.length > input.limit && last ? cursorOf(last) : null };
}

/** Every call matching the filters, newest first, at most `max`, a page at a time (the CSV export). */
export async function* allCalls(
  db: Db,
  who: ScopedIdentity,
  filters: CallFilters,
  max: number,
): AsyncGenerator<CallView[]> {
  await callsWritten(who.tenantId);
  let before: Cursor | null = null;
  let left = max;
  while (left > 0) {
    const rows = await readRows(db, who, filters, before, Math.min(500, left));
    if (rows.length === 0) return;
    yield rows.map(viewOf);
    left -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(500, left + rows.length)) return;
    before = { at: last.at_key, id: last.id };
  }
}

/** One call by id (a call-log id or a job id), with its ledger ref, when the caller may see it; else null. */
export async function findCall(db: Db, who: ScopedIdentity, id: string): Promise<(CallView & { ref: string }) | null> {
  await callsWritten(who.tenantId);
  const cw = conditions('c', who, {}, null);
  const jw = conditions('j', who, {}, null);
  const sides: SQL[] = [];
  if (cw) sides.push(callSide(sql`${cw} and c.id = ${id}::uuid`, sql``));
  if (jw) sides.push(jobSide(sql`${jw} and j.id = ${id}::uuid`, sql``));
  const [row] = await merged(db, sides, 1);
  return row ? { ...viewOf(row), ref: row.ref } : null;
}
