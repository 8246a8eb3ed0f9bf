/** Usage you can slice: credits spent over any Asia/Shanghai date range, per category, member or model. */
import { sql, type SQL } from 'drizzle-orm';
import {
  USAGE_REPORT_DEFAULT_DAYS,
  USAGE_REPORT_MAX_DAYS,
  type UsageGrouping,
  type UsageReportFilters,
} from '@/contracts/usage';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { USAGE_TIMEZONE } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { getTenant } from '@/server/domain/tenants/tenants';
import { AppError, fieldError, type DeclaredError } from '@/server/errors';
import { csvText } from '@/lib/csv';
import { addDays, shanghaiDay, shanghaiDayStart } from './usage';

export const MEMBER_OTHERS_USAGE: DeclaredError = {
  code: 'FORBIDDEN',
  meaning: 'A member key asked for another member’s usage; a member key reads only its own',
};

/** The row of the tenant's own key and console sessions when grouping by member. */
export const TENANT_ROW_KEY = 'tenant';

export interface UsageReportRow {
  /** The category, the member's account id (`tenant` for the tenant's own key and sessions) or the model. */
  key: string;
  /** The member's nickname when grouping by member; null otherwise. */
  label: string | null;
  /** Calls charged in the range (distinct charges). */
  calls: number;
  /** Credits consumed: charges minus refunds. */
  credits: number;
  /** What those credits cost the tenant in yuan at its markup; never added to credits. */
  cny: number;
}

export interface UsageReport {
  ok: true;
  timezone: typeof USAGE_TIMEZONE;
  from: string;
  to: string;
  days: number;
  group_by: UsageGrouping;
  account_id: string | null;
  /** The yuan one credit costs this tenant (list price × markup). */
  credit_cny: number;
  generated_at: string;
  rows: UsageReportRow[];
  totals: { calls: number; credits: number; cny: number };
}

const yuan = (credits: number, perCredit: number) => Math.round(credits * perCredit * 100) / 100;

/** Days from `from` to `to`, both included. */
const spanDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The range a request names, defaults applied: `to` today, `from` 29 days before; refused when reversed or too long. */
export function usageRange(input: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = input.to ?? shanghaiDay(now);
  const from = input.from ?? addDays(to, -(USAGE_REPORT_DEFAULT_DAYS - 1));
  const days = spanDays(from, to);
  if (days < 1) throw fieldError(['from'], `must be on or before to (${to})`);
  if (days > USAGE_REPORT_MAX_DAYS)
    throw fieldError(['to'], `the range must be at most ${USAGE_REPORT_MAX_DAYS} days (this one is ${days})`);
  return { from, to, days };
}

/** The key of a ledger row's group; the model is the family or tier asked for or answered, never an upstream. */
const KEY: Record<UsageGrouping, SQL> = {
  category: sql`l.category`,
  member: sql`coalesce(l.actor_account_id::text, ${TENANT_ROW_KEY})`,
  model: sql`coalesce(c.family, c.model, vt.tier, j.input->>'model', 'auto')`,
};

/**
 * Credits consumed (charges minus refunds, read from the ledger itself) between the first instant of
 * `from` and the last of `to` in Asia/Shanghai, grouped; a member key reads only what it spent itself.
 */
export async function usageReport(
  { db, config }: { db: Db; config: Pick<Config, 'creditCny'> },
  who: ScopedIdentity,
  input: UsageReportFilters & { now?: Date },
): Promise<UsageReport> {
  const now = input.now ?? new Date();
  const { from, to, days } = usageRange(input, now);
  if (who.kind === 'member' && input.account_id && input.account_id !== who.accountId)
    throw new AppError('FORBIDDEN', 'A member key reads only its own usage; leave out account_id or pass your own');
  const account = who.kind === 'member' ? who.accountId : (input.account_id ?? null);
  const groupBy = input.group_by ?? 'category';
  const tenant = await getTenant(db, who.tenantId);
  const perCredit = config.creditCny * tenant.markup;
  const start = shanghaiDayStart(from).toISOString();
  const end = shanghaiDayStart(addDays(to, 1)).toISOString();

  const where: SQL[] = [
    sql`l.tenant_id = ${who.tenantId}::uuid`,
    sql`l.kind in ('charge', 'refund')`,
    sql`l.category is not null`,
    sql`l.created_at >= ${start}::timestamptz`,
    sql`l.created_at < ${end}::timestamptz`,
  ];
  if (account) where.push(sql`l.actor_account_id = ${account}::uuid`);
  // The model is found on the call the charge paid for: its job (ref = job id) or its call-log row (ref = chat-…, reverse-…).
  const joins =
    groupBy === 'model'
      ? sql`left join jobs j on j.tenant_id = l.tenant_id
              and j.id = case when l.ref ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then l.ref::uuid end
            left join video_tasks vt on vt.id = j.id
            left join call_log c on c.tenant_id = l.tenant_id and c.ref = l.ref
              and c.created_at >= ${start}::timestamptz - interval '1 day' and c.created_at < ${end}::timestamptz`
      : sql``;
  const result = await db.execute(sql`
    select g.key, a.nickname as label, g.calls, g.credits
      from (select ${KEY[groupBy]} as key,
                   count(distinct l.ref) filter (where l.kind = 'charge') as calls,
                   -sum(l.amount) as credits
              from ledger_entries l ${joins}
             where ${sql.join(where, sql` and `)}
             group by 1) g
      left join accounts a on ${groupBy === 'member' ? sql`a.id::text = g.key` : sql`false`}`);
  const rows = rowsOf<{ key: string; label: string | null; calls: string | number; credits: string | number }>(result)
    .map((r) => {
      const credits = Number(r.credits);
      return { key: r.key, label: r.label, calls: Number(r.calls), credits, cny: yuan(credits, perCredit) };
    })
    .filter((r) => r.credits !== 0 || r.calls !== 0)
    .sort((a, b) => b.credits - a.credits || a.key.localeCompare(b.key));
  const credits = rows.reduce((s, r) => s + r.credits, 0);
  return {
    ok: true,
    timezone: USAGE_TIMEZONE,
    from,
    to,
    days,
    group_by: groupBy,
    account_id: account,
    credit_cny: Math.round(perCredit * 10_000) / 10_000,
    generated_at: now.toISOString(),
    rows,
    totals: { calls: rows.reduce((s, r) => s + r.calls, 0), credits, cny: yuan(credits, perCredit) },
  };
}

/** The export's columns, in order; credits and yuan stay two columns. */
export const USAGE_CSV_COLUMNS = ['from', 'to', 'group_by', 'key', 'label', 'calls', 'credits', 'cny'] as const;

/** The report's table as CSV rows, the total last (key `total`). */
export function usageCsvRows(r: UsageReport): (string | number | null)[][] {
  const line = (x: { key: string; label: string | null; calls: number; credits: number; cny: number }) => [
    r.from,
    r.to,
    r.group_by,
    x.key,
    x.label,
    x.calls,
    x.credits,
    x.cny.toFixed(2),
  ];
  return [...r.rows.map(line), line({ key: 'total', label: null, ...r.totals })];
}

/** The report as a CSV file named by its grouping and range (the table is bounded: one row per group). */
export async function exportUsageReport(
  deps: { db: Db; config: Pick<Config, 'creditCny'> },
  who: ScopedIdentity,
  input: UsageReportFilters & { now?: Date },
): Promise<{ filename: string; content: string }> {
  const report = await usageReport(deps, who, input);
  return {
    filename: `usage-${report.group_by}-${report.from}_${report.to}.csv`,
    content: csvText(USAGE_CSV_COLUMNS, usageCsvRows(report)),
  };
}
