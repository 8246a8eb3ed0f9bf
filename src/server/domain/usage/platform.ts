/** The whole platform's consumption and channel outcomes, for the operator (`platform-usage`). */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AdminActionBody } from '@/contracts/admin';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import {
  tenants,
  upstreamAttempts,
  upstreams,
  usageCategories,
  usageDaily,
  USAGE_TIMEZONE,
  type UsageCategory,
} from '@/server/db/schema';
import { flushAttempts } from '@/server/upstreams/engine';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import { notFound } from '@/server/errors';
import { addDays, emptyBucket, shanghaiDay, shanghaiDayStart, type Bucket } from './usage';

export interface PlatformUsage {
  timezone: typeof USAGE_TIMEZONE;
  days: number;
  since: string;
  generated_at: string;
  /** The tenant the report is narrowed to, or null for every tenant. */
  tenant: { id: string; name: string } | null;
  totals: Bucket;
  charged_cny: number;
  daily: (Bucket & { date: string })[];
  tenants: { id: string; name: string; totals: Bucket; charged_cny: number }[];
  tenant_daily: { date: string; tenant_id: string; category: UsageCategory; credits: number }[];
  channels: {
    channel: string;
    provider: string;
    jobs: number;
    attempts: number;
    failures: number;
    failure_rate: number | null;
  }[];
}

const cny = (x: number) => Math.round(x * 100) / 100;

/**
 * Credits consumed (charges less refunds) per Asia/Shanghai day, tenant and category over the last
 * `days` days, today included, as the tenants' own usage reports count them; what those credits
 * cost each tenant in yuan at its current markup, kept apart from the credits; and per channel the
 * upstream attempts of the window, the jobs and requests they served and how many failed.
 */
export async function platformUsage(
  { db, config }: { db: Db; config: Pick<Config, 'creditCny'> },
  _who: AdminIdentity,
  input: AdminActionBody<'platform-usage'> & { now?: Date },
): Promise<PlatformUsage> {
  const now = input.now ?? new Date();
  const days = input.days;
  const today = shanghaiDay(now);
  const first = addDays(today, -(days - 1));
  const since = shanghaiDayStart(first);

  let only: { id: string; name: string } | null = null;
  if (input.tenant_id) {
    const [row] = await db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, input.tenant_id));
    if (!row) throw notFound(`Tenant ${input.tenant_id}`);
    only = row;
  }

  const usageWhere: SQL[] = [gte(usageDaily.day, first)];
  const attemptWhere: SQL[] = [gte(upstreamAttempts.startedAt, since)];
  if (only) {
    usageWhere.push(eq(usageDaily.tenantId, only.id));
    attemptWhere.push(eq(upstreamAttempts.tenantId, only.id));
  }
  // Attempts are written in batches a moment after they happen; the report includes the latest.
  await flushAttempts(db);
  const [cells, channelRows] = await Promise.all([
    db
      .select({
        tenantId: usageDaily.tenantId,
        name: tenants.name,
        markup: tenants.markup,
        day: usageDaily.day,
        category: usageDaily.category,
        credits: usageDaily.credits,
      })
      .from(usageDaily)
      .innerJoin(tenants, eq(tenants.id, usageDaily.tenantId))
      .where(and(...usageWhere)),
    db
      .select({
        channel: upstreams.name,
        provider: upstreams.provider,
        attempts: sql<number>`count(*)::int`,
        jobs: sql<number>`count(distinct ${upstreamAttempts.ref})::int`,
        failures: sql<number>`(count(*) filter (where not ${upstreamAttempts.ok}))::int`,
      })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(and(...attemptWhere))
      .groupBy(upstreams.name, upstreams.provider),
  ]);

  const byDay = new Map<string, Bucket>();
  for (let i = 0; i < days; i++) byDay.set(addDays(first, i), emptyBucket());
  const totals = emptyBucket();
  const byTenant = new Map<string, { id: string; name: string; markup: number; totals: Bucket }>();
  const tenantDaily: PlatformUsage['tenant_daily'] = [];
  for (const c of cells) {
    const credits = Number(c.credits);
    const bucket = byDay.get(c.day);
    if (!bucket || credits === 0) continue;
    bucket[c.category] += credits;
    bucket.total += credits;
    totals[c.category] += credits;
    totals.total += credits;
    const tenant = byTenant.get(c.tenantId) ?? {
      id: c.tenantId,
      name: c.name,
      markup: c.markup,
      totals: emptyBucket(),
    };
    tenant.totals[c.category] += credits;
    tenant.totals.total += credits;
    byTenant.set(c.tenantId, tenant);
    tenantDaily.push({ date: c.day, tenant_id: c.tenantId, category: c.category, credits });
  }
  const tenantRows = [...byTenant.values()]
    .map((t) => ({
      id: t.id,
      name: t.name,
      totals: t.totals,
      charged_cny: cny(t.totals.total * config.creditCny * t.markup),
    }))
    .sort((a, b) => b.totals.total - a.totals.total || a.name.localeCompare(b.name));
  const order = new Map(usageCategories.map((c, i) => [c, i]));
  tenantDaily.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.tenant_id.localeCompare(b.tenant_id) ||
      (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0),
  );

  return {
    timezone: USAGE_TIMEZONE,
    days,
    since: since.toISOString(),
    generated_at: now.toISOString(),
    tenant: only,
    totals,
    charged_cny: cny(tenantRows.reduce((sum, t) => sum + t.charged_cny, 0)),
    daily: [...byDay.entries()].map(([date, b]) => ({ date, ...b })),
    tenants: tenantRows,
    tenant_daily: tenantDaily,
    channels: channelRows
      .map((r) => ({
        channel: r.channel,
        provider: r.provider,
        jobs: r.jobs,
        attempts: r.attempts,
        failures: r.failures,
        failure_rate: r.attempts > 0 ? Math.round((r.failures / r.attempts) * 10_000) / 10_000 : null,
      }))
      .sort((a, b) => b.attempts - a.attempts || a.channel.localeCompare(b.channel)),
  };
}
