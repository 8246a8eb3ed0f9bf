import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import {
  jobs,
  ledgerEntries,
  upstreamAttempts,
  usageCategories,
  usageDaily,
  USAGE_TIMEZONE,
  type UsageCategory,
} from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { getTenant } from '@/server/domain/tenants/tenants';

export const USAGE_DEFAULT_DAYS = 30;
export const USAGE_MAX_DAYS = 90;
export const STATS_DEFAULT_HOURS = 24;
export const STATS_MAX_HOURS = 168;

/** The categories `GET /api/tenant-usage` reports (the spec's set); articles are counted in `chat` there. */
export const SPEC_USAGE_CATEGORIES = ['image', 'video', 'chat', 'reverse', 'other'] as const;
type SpecCategory = (typeof SPEC_USAGE_CATEGORIES)[number];
const SPEC_BUCKET_OF: Record<UsageCategory, SpecCategory> = {
  image: 'image',
  video: 'video',
  chat: 'chat',
  reverse: 'reverse',
  other: 'other',
  article: 'chat',
};

export type Bucket = Record<UsageCategory | 'total', number>;
type SpecBucket = Record<SpecCategory | 'total', number>;

/** The console's report: every category on its own, articles apart from chat. */
export interface UsageByCategory {
  ok: true;
  tenant: { name: string };
  timezone: typeof USAGE_TIMEZONE;
  days: number;
  since: string;
  generated_at: string;
  totals: Bucket;
  daily: (Bucket & { date: string })[];
}

/** `GET /api/tenant-usage`: the spec's buckets only. */
export type UsageReport = Omit<UsageByCategory, 'totals' | 'daily'> & {
  totals: SpecBucket;
  daily: (SpecBucket & { date: string })[];
};

function specBucket(b: Bucket): SpecBucket {
  const out: SpecBucket = { image: 0, video: 0, chat: 0, reverse: 0, other: 0, total: b.total };
  for (const c of usageCategories) out[SPEC_BUCKET_OF[c]] += b[c];
  return out;
}

/**
 * The spec's lenient parameters: anything that is not a positive whole number becomes the default;
 * more than the maximum becomes the maximum.
 */
export function lenientWindow(raw: unknown, fallback: number, max: number): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

const shanghaiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: USAGE_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Asia/Shanghai calendar date (YYYY-MM-DD) of an instant. */
export function shanghaiDay(at: Date): string {
  return shanghaiDate.format(at);
}

/** The UTC instant a Shanghai calendar day starts (China keeps UTC+8 all year). */
export function shanghaiDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+08:00`));
}

export function addDays(day: string, n: number): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export const emptyBucket = (): Bucket => ({ image: 0, video: 0, chat: 0, reverse: 0, other: 0, article: 0, total: 0 });

/**
 * Credits consumed per Shanghai day and category over the last `days` days (today included),
 * continuous, in the spec's buckets: an article counts as `chat`, as it always has for API callers.
 * `days` is read leniently, as the spec asks (default 30, at most 90).
 */
export async function tenantUsage(
  deps: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: { days?: string | number | undefined; now?: Date },
): Promise<UsageReport> {
  const report = await usageByCategory(deps, who, input);
  return {
    ...report,
    totals: specBucket(report.totals),
    daily: report.daily.map(({ date, ...b }) => ({ date, ...specBucket(b) })),
  };
}

/** The same report with every ledger category apart (the console's Usage page). */
export async function usageByCategory(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: { days?: string | number | undefined; now?: Date },
): Promise<UsageByCategory> {
  const tenantId = who.tenantId;
  const days = lenientWindow(input.days, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS);
  const now = input.now ?? new Date();
  const tenant = await getTenant(db, tenantId);
  const today = shanghaiDay(now);
  const first = addDays(today, -(days - 1));
  const rows = await db
    .select({ day: usageDaily.day, category: usageDaily.category, credits: usageDaily.credits })
    .from(usageDaily)
    .where(and(eq(usageDaily.tenantId, tenantId), gte(usageDaily.day, first)));
  const byDay = new Map<string, Bucket>();
  for (let i = 0; i < days; i++) byDay.set(addDays(first, i), emptyBucket());
  const totals = emptyBucket();
  for (const r of rows) {
    const bucket = byDay.get(r.day);
    if (!bucket) continue;
    const credits = Number(r.credits);
    bucket[r.category] += credits;
    bucket.total += credits;
    totals[r.category] += credits;
    totals.total += credits;
  }
  return {
    ok: true,
    tenant: { name: tenant.name },
    timezone: USAGE_TIMEZONE,
    days,
    since: shanghaiDayStart(first).toISOString(),
    generated_at: now.toISOString(),
    totals,
    daily: [...byDay.entries()].map(([date, b]) => ({ date, ...b })),
  };
}

/**
 * The tenant's activity over the last `hours`: upstream attempts made for it, its jobs by state with
 * success rate and P95 duration, and what the credits consumed cost at its price. No provider,
 * platform-wide or money-balance figures.
 */
export async function tenantStats(
  { db, config }: { db: Db; config: Pick<Config, 'creditCny'> },
  who: TenantIdentity,
  input: { hours?: string | number | undefined; now?: Date },
) {
  const tenantId = who.tenantId;
  const hours = lenientWindow(input.hours, STATS_DEFAULT_HOURS, STATS_MAX_HOURS);
  const now = input.now ?? new Date();
  const tenant = await getTenant(db, tenantId);
  const since = new Date(now.getTime() - hours * 3_600_000);
  const monthStart = `${shanghaiDay(now).slice(0, 8)}01`;

  const [[month], [attempts], jobRows, [charged]] = await Promise.all([
    db
      .select({ used: sql<string | null>`sum(${usageDaily.credits})` })
      .from(usageDaily)
      .where(and(eq(usageDaily.tenantId, tenantId), gte(usageDaily.day, monthStart))),
    db
      .select({ n: count() })
      .from(upstreamAttempts)
      .where(and(eq(upstreamAttempts.tenantId, tenantId), gte(upstreamAttempts.startedAt, since))),
    db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where ${jobs.status} = 'done')::int as done,
             count(*) filter (where ${jobs.status} = 'failed')::int as failed,
             count(*) filter (where ${jobs.status} = 'pending')::int as processing,
             percentile_cont(0.95) within group (order by ${jobs.elapsedMs}) filter (where ${jobs.status} = 'done') as p95
        from ${jobs}
       where ${jobs.tenantId} = ${tenantId} and ${jobs.createdAt} >= ${since.toISOString()} and ${jobs.kind} <> 'article'`),
    db
      .select({ credits: sql<string | null>`-sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.tenantId, tenantId),
          gte(ledgerEntries.createdAt, since),
          sql`${ledgerEntries.kind} in ('charge', 'refund')`,
        ),
      ),
  ]);
  const j = rowsOf<{ total: number; done: number; failed: number; processing: number; p95: number | string | null }>(
    jobRows,
  )[0] ?? {
    total: 0,
    done: 0,
    failed: 0,
    processing: 0,
    p95: null,
  };
  const finished = j.done + j.failed;
  const consumed = Number(charged?.credits ?? 0);
  return {
    ok: true as const,
    window_hours: hours,
    generated_at: now.toISOString(),
    tenant: {
      name: tenant.name,
      quota_monthly: tenant.quotaMonthly,
      used_month: Number(month?.used ?? 0),
      credits: tenant.credits,
    },
    mine: {
      attempts_total: attempts?.n ?? 0,
      jobs: {
        total: j.total,
        done: j.done,
        failed: j.failed,
        processing: j.processing,
        success_rate: finished > 0 ? Math.round((j.done / finished) * 10_000) / 10_000 : null,
        p95_ms: j.p95 === null ? null : Math.round(Number(j.p95)),
      },
      charged_cny: Math.round(consumed * config.creditCny * tenant.markup * 100) / 100,
    },
  };
}

/** The ledger's consumption per Shanghai day and category: what `usage_daily` must equal. */
const ledgerAggregate = (tenantId: string) => sql`
  select ${ledgerEntries.tenantId} as tenant_id,
         (${ledgerEntries.createdAt} at time zone ${USAGE_TIMEZONE})::date as day,
         ${ledgerEntries.category} as category,
         -sum(${ledgerEntries.amount}) as credits
    from ${ledgerEntries}
   where ${ledgerEntries.tenantId} = ${tenantId}
     and ${ledgerEntries.kind} in ('charge', 'refund')
     and ${ledgerEntries.category} is not null
   group by 1, 2, 3`;

/** Recomputes a tenant's daily rollup from its ledger, in one transaction (repair, and bulk imports). */
export async function rebuildUsage(db: Db, tenantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(usageDaily).where(eq(usageDaily.tenantId, tenantId));
    await tx.execute(sql`insert into usage_daily (tenant_id, day, category, credits) ${ledgerAggregate(tenantId)}`);
  });
}

/** Days and categories where the rollup and the ledger disagree (empty when they agree exactly). */
export async function usageMismatches(
  db: Db,
  tenantId: string,
): Promise<{ day: string; category: string; ledger: number; rollup: number }[]> {
  const rows = rowsOf<{
    day: string | Date;
    category: string;
    ledger: string | number | null;
    rollup: string | number | null;
  }>(
    await db.execute(sql`
      with l as (${ledgerAggregate(tenantId)}),
           r as (select day, category, credits from usage_daily where tenant_id = ${tenantId})
      select coalesce(l.day, r.day) as day, coalesce(l.category, r.category) as category, l.credits as ledger, r.credits as rollup
        from l full join r on l.day = r.day and l.category = r.category
       where coalesce(l.credits, 0) <> coalesce(r.credits, 0)`),
  );
  return rows.map((r) => ({
    day: r.day instanceof Date ? r.day.toISOString().slice(0, 10) : String(r.day),
    category: r.category,
    ledger: Number(r.ledger ?? 0),
    rollup: Number(r.rollup ?? 0),
  }));
}
