import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { upstreamAttempts, upstreams, type UpstreamRow } from '@/server/db/schema';
import type { UpstreamModel } from '@/server/upstreams/types';
import { flushAttempts } from '@/server/upstreams/engine';
import { computeHealth } from '@/server/upstreams/stats';

export interface OperatorUpstreamView {
  name: string;
  provider: string;
  adapter: string;
  media: string[];
  families: string[];
  simulated: boolean;
  enabled: boolean;
  rating: number;
  /** active, disabled (by an operator), removed (automatically) or retired (no longer configured). */
  state: 'active' | 'disabled' | 'removed' | 'retired';
  removed_reason: string | null;
  removed_since: string | null;
  score: number;
  weight: number;
  /** Share of first choices among active upstreams of the same media, from the weights. */
  selection_share: number;
  success_rate: number | null;
  p95_ms: number | null;
  attempts_24h: number;
  recent_failures: number;
  components: { success: number; rating: number; latency: number; cost: number; penalty: number };
  /** Why routing chooses or skips this upstream, in words. */
  explanation: string;
  /** Where the definition comes from; only console channels are changed in the console. */
  source: UpstreamRow['source'];
  editable: boolean;
  /** The address calls go to; the key is never shown. */
  base_url: string;
  soft_timeout_ms: number;
  /** Each model: the family callers ask for, the provider's model id, media, cost and capabilities. */
  models: UpstreamModel[];
  updated_at: string;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Every upstream with its live health (rule 8): what `upstream-list` and the operator console show. */
export async function listUpstreamsForOperator(db: Db): Promise<OperatorUpstreamView[]> {
  await flushAttempts(db);
  const [rows, health] = await Promise.all([db.select().from(upstreams).orderBy(upstreams.name), computeHealth(db)]);
  const state = (r: (typeof rows)[number]): OperatorUpstreamView['state'] =>
    r.source === 'retired' ? 'retired' : r.removedReason ? 'removed' : !r.enabled ? 'disabled' : 'active';
  const mediaOf = (r: (typeof rows)[number]) => [...new Set(r.models.flatMap((m) => m.media))];
  const activeWeightByMedia = new Map<string, number>();
  for (const r of rows) {
    if (state(r) !== 'active') continue;
    for (const m of mediaOf(r))
      activeWeightByMedia.set(m, (activeWeightByMedia.get(m) ?? 0) + (health.get(r.id)?.weight ?? 0));
  }
  return rows.map((r) => {
    const h = health.get(r.id);
    const st = state(r);
    const media = mediaOf(r);
    const total = activeWeightByMedia.get(media[0] ?? '') ?? 0;
    const weight = h?.weight ?? 0;
    const score = h?.score.score ?? 0;
    const explanation =
      st === 'retired'
        ? 'Skipped: no longer in the configuration'
        : st === 'removed'
          ? `Skipped: removed automatically (${r.removedReason === 'unpaid' ? 'unpaid account' : 'invalid key'}) ` +
            `since ${r.removedAt?.toISOString()}; a probe restores it when it answers again`
          : st === 'disabled'
            ? 'Skipped: disabled by an operator'
            : `Eligible: score ${round(score)} = 0.45×success ${round(h?.score.components.success ?? 0)} + ` +
              `0.25×rating ${round(h?.score.components.rating ?? 0)} + 0.20×latency ` +
              `${round(h?.score.components.latency ?? 0)} + 0.10×cost ${round(h?.score.components.cost ?? 0)}` +
              ((h?.stats.recentFailures ?? 0) > 0
                ? `, ×${round(h?.score.penalty ?? 1)} for ${h?.stats.recentFailures} of the last 5 attempts failing`
                : '') +
              `; weight ${round(weight, 4)} = score × success²`;
    return {
      name: r.name,
      provider: r.provider,
      adapter: r.adapter,
      media,
      families: [...new Set(r.models.map((m) => m.family))],
      simulated: r.simulated,
      enabled: r.enabled,
      rating: r.rating,
      state: st,
      removed_reason: r.removedReason,
      removed_since: r.removedAt?.toISOString() ?? null,
      score: round(score, 4),
      weight: round(weight, 4),
      selection_share: st === 'active' && total > 0 ? round(weight / total, 4) : 0,
      success_rate: h && h.stats.attempts > 0 ? round(h.stats.successes / h.stats.attempts, 4) : null,
      p95_ms: h?.stats.p95Ms ?? null,
      attempts_24h: h?.stats.attempts ?? 0,
      recent_failures: h?.stats.recentFailures ?? 0,
      components: {
        success: round(h?.score.components.success ?? 0, 4),
        rating: round(h?.score.components.rating ?? 0, 4),
        latency: round(h?.score.components.latency ?? 0, 4),
        cost: round(h?.score.components.cost ?? 0, 4),
        penalty: round(h?.score.penalty ?? 1, 4),
      },
      explanation,
      source: r.source,
      editable: r.source === 'console',
      base_url: r.baseUrl,
      soft_timeout_ms: r.softTimeoutMs,
      models: r.models,
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

export interface AttemptLogRow {
  channel: string;
  family: string;
  ref: string | null;
  started_at: string;
  duration_ms: number;
  ok: boolean;
  error_class: string | null;
  /** The provider's own error code, verbatim. */
  error_code: string | null;
  /** What was sent (the size and any crop of an image), a refused task's message, a provider cost. */
  detail: Record<string, unknown> | null;
  try_no: number;
  chain_pos: number;
}

/** The latest attempts, optionally of one job or request: the routing log for operators. */
export async function attemptLog(db: Db, opts: { ref?: string | undefined; limit?: number }): Promise<AttemptLogRow[]> {
  await flushAttempts(db);
  const rows = await db
    .select({ a: upstreamAttempts, channel: upstreams.name })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(opts.ref ? eq(upstreamAttempts.ref, opts.ref) : sql`true`)
    .orderBy(desc(upstreamAttempts.startedAt), desc(upstreamAttempts.id))
    .limit(Math.min(opts.limit ?? 100, 1000));
  return rows.map(({ a, channel }) => ({
    channel,
    family: a.family,
    ref: a.ref,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    ok: a.ok,
    error_class: a.errorClass,
    error_code: a.errorCode,
    detail: a.detail,
    try_no: a.tryNo,
    chain_pos: a.chainPos,
  }));
}
