import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { upstreams, upstreamScores } from '@/server/db/schema';
import { flushAttempts } from './engine';
import { invalidateCandidates } from './registry';
import { scoreUpstream, selectionWeight, type AttemptStats, type Score } from './scoring';
import { CALLER_FAULT, type Media, type UpstreamModel } from './types';

export interface UpstreamHealth {
  upstreamId: string;
  stats: AttemptStats;
  score: Score;
  weight: number;
}

interface StatsRow {
  id: string;
  n: number | string | null;
  ok_n: number | string | null;
  p95: number | string | null;
  fails: number | string | null;
}

/** Attempts refused for the caller's own input (an image that does not decode) say nothing about the upstream. */
const countsForHealth = sql.raw(
  `coalesce(error_class, '') not in (${[...CALLER_FAULT].map((c) => `'${c}'`).join(', ')})`,
);

/** Attempt statistics of every upstream: the 24-hour window and the last five attempts, less the caller's faults. */
export async function readAttemptStats(db: Db, now: Date = new Date()): Promise<Map<string, AttemptStats>> {
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const result = await db.execute(sql`
    with win as materialized (
      select upstream_id,
             count(*)::int as n,
             (count(*) filter (where ok))::int as ok_n,
             percentile_cont(0.95) within group (order by duration_ms) as p95
        from upstream_attempts
       where started_at > ${since}::timestamptz
         and ${countsForHealth}
       group by upstream_id
    )
    select u.id, win.n, win.ok_n, win.p95,
           (select count(*) filter (where not last5.ok)
              from (select a.ok from upstream_attempts a
                     where a.upstream_id = u.id
                       and ${countsForHealth}
                     order by a.started_at desc limit 5) last5)::int as fails
      from upstreams u
      left join win on win.upstream_id = u.id`);
  const map = new Map<string, AttemptStats>();
  for (const r of rowsOf<StatsRow>(result)) {
    const attempts = Number(r.n ?? 0);
    map.set(r.id, {
      attempts,
      successes: Number(r.ok_n ?? 0),
      p95Ms: r.p95 === null || attempts === 0 ? null : Math.round(Number(r.p95)),
      recentFailures: Number(r.fails ?? 0),
    });
  }
  return map;
}

function representativeCost(models: UpstreamModel[], media: Media | undefined): number {
  const relevant = media ? models.filter((m) => m.media.includes(media)) : models;
  const costs = (relevant.length > 0 ? relevant : models).map((m) => m.cost_usd);
  return costs.length > 0 ? Math.min(...costs) : 0;
}

/** Scores every upstream from its attempts (rule 1). Cost is compared among upstreams of the same media. */
export async function computeHealth(db: Db, now: Date = new Date()): Promise<Map<string, UpstreamHealth>> {
  const [rows, stats] = await Promise.all([db.select().from(upstreams), readAttemptStats(db, now)]);
  const primaryMedia = (models: UpstreamModel[]): Media | undefined => models[0]?.media[0];
  const cheapest = new Map<Media, number>();
  for (const row of rows) {
    const media = primaryMedia(row.models);
    const cost = representativeCost(row.models, media);
    if (media && cost > 0) cheapest.set(media, Math.min(cheapest.get(media) ?? Infinity, cost));
  }
  const health = new Map<string, UpstreamHealth>();
  for (const row of rows) {
    const media = primaryMedia(row.models);
    const s = stats.get(row.id) ?? { attempts: 0, successes: 0, p95Ms: null, recentFailures: 0 };
    const score = scoreUpstream({
      stats: s,
      rating: row.rating,
      softTimeoutMs: row.softTimeoutMs,
      costUsd: representativeCost(row.models, media),
      cheapestCostUsd: (media && cheapest.get(media)) || 0,
    });
    health.set(row.id, { upstreamId: row.id, stats: s, score, weight: selectionWeight(score) });
  }
  return health;
}

/** Recomputes and stores the scores that routing reads. Run periodically by the worker. */
export async function recomputeScores(db: Db, now: Date = new Date()): Promise<Map<string, UpstreamHealth>> {
  await flushAttempts(db);
  const health = await computeHealth(db, now);
  const values = [...health.values()].map((h) => ({
    upstreamId: h.upstreamId,
    score: h.score.score,
    weight: h.weight,
    successRate: h.score.successRate,
    rawSuccessRate: h.stats.attempts > 0 ? h.stats.successes / h.stats.attempts : null,
    p95Ms: h.stats.p95Ms,
    attemptsDay: h.stats.attempts,
    recentFailures: h.stats.recentFailures,
    computedAt: now,
  }));
  if (values.length > 0) {
    await db
      .insert(upstreamScores)
      .values(values)
      .onConflictDoUpdate({
        target: upstreamScores.upstreamId,
        set: {
          score: sql`excluded.score`,
          weight: sql`excluded.weight`,
          successRate: sql`excluded.success_rate`,
          rawSuccessRate: sql`excluded.raw_success_rate`,
          p95Ms: sql`excluded.p95_ms`,
          attemptsDay: sql`excluded.attempts_day`,
          recentFailures: sql`excluded.recent_failures`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
  invalidateCandidates(db);
  return health;
}
