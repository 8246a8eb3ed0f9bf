import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ArticleFormat } from '@/contracts/templates';
import { articleFormats } from '@/contracts/templates';
import type { Db } from '@/server/db/client';
import { jobs, type Job } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { notFound } from '@/server/errors';
import { pageOfJobs, visibleTo } from '@/server/domain/jobs/read';

/** An article kept in the history: what was asked, what was written (or why not), and what it cost. */
export interface ArticleRecord {
  id: string;
  status: 'done' | 'failed';
  template_slug: string;
  template_id: string | null;
  template_name: string;
  format: ArticleFormat;
  /** The template's form values, or the one sentence it was given. */
  input: string | Record<string, string | number | boolean> | null;
  title: string | null;
  body: string | null;
  hashtags: string[] | null;
  error: string | null;
  /** Credits charged; a failed article's were refunded. */
  credits: number;
  /** Who wrote it: a member (with its id), the tenant key, or a console session. */
  by: 'member' | 'key' | 'session';
  account_id: string | null;
  created_at: string;
  elapsed_ms: number | null;
}

/** A history row: the record without its body (the list shows a line of it). */
export type ArticleSummary = Omit<ArticleRecord, 'body' | 'input'> & { excerpt: string | null; topic: string | null };

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function formatOf(v: unknown): ArticleFormat {
  return (articleFormats as readonly unknown[]).includes(v) ? (v as ArticleFormat) : 'wechat';
}

function inputOf(v: unknown): ArticleRecord['input'] {
  if (typeof v === 'string') return v;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, x] of Object.entries(v))
    if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = x;
  return out;
}

/** The input in one line: the sentence, or the form's values joined. */
export function topicOf(input: ArticleRecord['input']): string | null {
  if (input === null) return null;
  const text = typeof input === 'string' ? input : Object.values(input).map(String).filter(Boolean).join(' · ');
  return text.trim() || null;
}

export function articleRecord(job: Job): ArticleRecord {
  const input = job.input;
  const result = job.result ?? {};
  const hashtags = Array.isArray(result.hashtags)
    ? result.hashtags.filter((h): h is string => typeof h === 'string')
    : null;
  const by =
    input.by === 'member' || input.by === 'key' || input.by === 'session' ? input.by : job.accountId ? 'member' : 'key';
  return {
    id: job.id,
    status: job.status === 'done' ? 'done' : 'failed',
    template_slug: str(input.template_slug) ?? '',
    template_id: str(input.template_id),
    template_name: str(input.template_name) ?? str(input.template_slug) ?? '',
    format: formatOf(input.format),
    input: inputOf(input.input),
    title: str(result.title),
    body: str(result.body),
    hashtags,
    error: job.error,
    credits: job.credits,
    by,
    account_id: job.accountId,
    created_at: job.createdAt.toISOString(),
    elapsed_ms: job.elapsedMs,
  };
}

const EXCERPT = 140;

function summaryOf(job: Job): ArticleSummary {
  const { body, input, ...rest } = articleRecord(job);
  // A line of plain text: the body's Markdown heading marks and emphasis are left out.
  const plain = body?.replace(/^\s*#{1,6}\s+/gm, '').replace(/\*\*|__/g, '');
  const excerpt = plain === undefined ? null : plain.replace(/\s+/g, ' ').trim().slice(0, EXCERPT);
  return { ...rest, excerpt, topic: topicOf(input)?.slice(0, EXCERPT) ?? null };
}

/** `%`, `_` and `\` are literal in what people search for. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const HISTORY_PAGE = 20;

/**
 * The caller's articles, newest first, keyset-paged: a tenant (key or console) sees every article of
 * the tenant, a member only its own. `q` searches title, body, hashtags, the input and the
 * template's name, case-insensitively (ILIKE: works for Chinese on PostgreSQL and PGlite alike).
 */
export async function articleHistory(
  db: Db,
  who: ScopedIdentity,
  opts: {
    q?: string | undefined;
    status?: 'done' | 'failed' | undefined;
    limit?: number | undefined;
    cursor?: string | undefined;
  },
): Promise<{ articles: ArticleSummary[]; next_cursor: string | null }> {
  const limit = opts.limit ?? HISTORY_PAGE;
  const conds: SQL[] = [visibleTo(who), eq(jobs.kind, 'article')];
  if (opts.status) conds.push(eq(jobs.status, opts.status));
  const q = opts.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conds.push(
      or(
        ilike(sql`${jobs.result}->>'title'`, pattern),
        ilike(sql`${jobs.result}->>'body'`, pattern),
        ilike(sql`(${jobs.result}->'hashtags')::text`, pattern),
        ilike(sql`${jobs.input}->>'template_name'`, pattern),
        // The input as written: its JSON text keeps Chinese as it is (jsonb escapes only quotes and controls).
        ilike(sql`(${jobs.input}->'input')::text`, pattern),
      ) as SQL,
    );
  }
  const { page, nextCursor } = await pageOfJobs(db, conds, limit, opts.cursor);
  return { articles: page.map(summaryOf), next_cursor: nextCursor };
}

/** One article of the caller's history in full; another tenant's or another member's is not found. */
export async function getArticle(db: Db, who: ScopedIdentity, id: string): Promise<ArticleRecord> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, 'article'), visibleTo(who)));
  if (!row) throw notFound('Article');
  return articleRecord(row);
}
