/** The whole platform's consumption and channel outcomes, for the operator (`platform-usage`). */
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
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
import { billedPerChannel, providerCosts, usd } from './platform-cost';
import { usageRange } from './report';
import { addDays, emptyBucket, shanghaiDay, shanghaiDayStart, type Bucket } from './usage';

export interface PlatformUsage {
  timezone: typeof USAGE_TIMEZONE;
  days: number;
  /** The range's first and last Asia/Shanghai days. */
  from: string;
  to: string;
  since: string;
  generated_at: string;
  /** The tenant the report is narrowed to, or null for every tenant. */
  tenant: { id: string; name: string } | null;
  totals: Bucket;
  charged_cny: number;
  /** The same credits in USD at each tenant's markup, to set beside the provider cost. */
  billed_usd: number;
  /** What the upstreams cost Studio for the window's work. */
  provider_cost_usd: number;
  daily: (Bucket & { date: string })[];
  tenants: {
    id: string;
    name: string;
    totals: Bucket;
    charged_cny: number;
    billed_usd: number;
    provider_cost_usd: number;
  }[];
  tenant_daily: { date: string; tenant_id: string; category: UsageCategory; credits: number }[];
  channels: {
    channel: string;
    provider: string;
    jobs: number;
    attempts: number;
    failures: number;
    failure_rate: number | null;
    provider_cost_usd: number;
    billed_credits: number;
    billed_cny: number;
    billed_usd: number;
    /** billed_usd / provider_cost_usd; null without cost. */
    markup: number | null;
  }[];
}

const cny = (x: number) => Math.round(x * 100) / 100;

/** A channel's provider cost beside what was billed for its work, and their ratio (the markup at work). */
function channelMoney(cost: number, billed: { credits: number; cny: number; usd: number } | undefined) {
  const b = billed ?? { credits: 0, cny: 0, usd: 0 };
  return {
    provider_cost_usd: usd(cost),
    billed_credits: b.credits,
    billed_cny: cny(b.cny),
    billed_usd: usd(b.usd),
    markup: cost > 0 ? Math.round((b.usd / cost) * 100) / 100 : null,
  };
}

/**
 * Credits consumed (charges less refunds) per Asia/Shanghai day, tenant and category over the last
 * `days` days, today included, as the tenants' own usage reports count them; what those credits
 * cost each tenant in yuan at its current markup, kept apart from the credits; and per channel the
 * upstream attempts of the window, the jobs and requests they served and how many failed.
 */
export async function platformUsage(
  { db, config }: { db: Db; config: Pick<Config, 'creditCny' | 'creditUsd'> },
  _who: AdminIdentity,
  input: AdminActionBody<'platform-usage'> & { now?: Date },
): Promise<PlatformUsage> {
  const now = input.now ?? new Date();
  // A range names its days (validated as the tenants' report does); otherwise the last `days` days.
  const range =
    input.from || input.to
      ? usageRange(input, now)
      : { from: addDays(shanghaiDay(now), -(input.days - 1)), to: shanghaiDay(now), days: input.days };
  const { days, from: first, to: last } = range;
  const since = shanghaiDayStart(first);
  const until = shanghaiDayStart(addDays(last, 1));

  let only: { id: string; name: string } | null = null;
  if (input.tenant_id) {
    const [row] = await db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, input.tenant_id));
    if (!row) throw notFound(`Tenant ${input.tenant_id}`);
    only = row;
  }

  const usageWhere: SQL[] = [gte(usageDaily.day, first), lte(usageDaily.day, last)];
  const attemptWhere: SQL[] = [gte(upstreamAttempts.startedAt, since), lt(upstreamAttempts.startedAt, until)];
  if (only) {
    usageWhere.push(eq(usageDaily.tenantId, only.id));
    attemptWhere.push(eq(upstreamAttempts.tenantId, only.id));
  }
  // Attempts are written in batches a moment after they happen; the report includes the latest.
  await flushAttempts(db);
  const costWindow = { start: since.toISOString(), end: until.toISOString(), tenantId: only?.id ?? null };
  const [cells, channelRows, costs, billed] = await Promise.all([
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
        id: upstreams.id,
        channel: upstreams.name,
        provider: upstreams.provider,
        attempts: sql<number>`count(*)::int`,
        jobs: sql<number>`count(distinct ${upstreamAttempts.ref})::int`,
        failures: sql<number>`(count(*) filter (where not ${upstreamAttempts.ok}))::int`,
      })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(and(...attemptWhere))
      .groupBy(upstreams.id, upstreams.name, upstreams.provider),
    providerCosts(db, costWindow),
    billedPerChannel(db, costWindow),
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
      billed_usd: usd(t.totals.total * config.creditUsd * t.markup),
      provider_cost_usd: usd(costs.byTenant.get(t.id) ?? 0),
    }))
    .sort((a, b) => b.totals.total - a.totals.total || a.name.localeCompare(b.name));
  const order = new Map(usageCategories.map((c, i) => [c, i]));
  tenantDaily.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.tenant_id.localeCompare(b.tenant_id) ||
      (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0),
  );

  // Each channel's billed credits at the markup of the tenant that paid them.
  const billedIds = [...new Set(billed.map((b) => b.tenantId))];
  const markups = new Map(
    billedIds.length === 0
      ? []
      : (
          await db
            .select({ id: tenants.id, markup: tenants.markup })
            .from(tenants)
            .where(inArray(tenants.id, billedIds))
        ).map((r) => [r.id, r.markup]),
  );
  const channelBilled = new Map<string, { credits: number; cny: number; usd: number }>();
  for (const b of billed) {
    const markup = markups.get(b.tenantId) ?? 1;
    const sum = channelBilled.get(b.upstreamId) ?? { credits: 0, cny: 0, usd: 0 };
    sum.credits += b.credits;
    sum.cny += b.credits * config.creditCny * markup;
    sum.usd += b.credits * config.creditUsd * markup;
    channelBilled.set(b.upstreamId, sum);
  }

  return {
    timezone: USAGE_TIMEZONE,
    days,
    from: first,
    to: last,
    since: since.toISOString(),
    generated_at: now.toISOString(),
    tenant: only,
    totals,
    charged_cny: cny(tenantRows.reduce((sum, t) => sum + t.charged_cny, 0)),
    billed_usd: usd(tenantRows.reduce((sum, t) => sum + t.billed_usd, 0)),
    provider_cost_usd: usd([...costs.byTenant.values()].reduce((sum, c) => sum + c, 0)),
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
        ...channelMoney(costs.byChannel.get(r.id) ?? 0, channelBilled.get(r.id)),
      }))
      .sort((a, b) => b.attempts - a.attempts || a.channel.localeCompare(b.channel)),
  };
}
