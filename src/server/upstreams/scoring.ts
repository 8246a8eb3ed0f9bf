/**
 * Health score of an upstream, from its real attempts of the last 24 hours (spec, routing rule 1):
 * success rate 45%, manual rating 25%, latency 20% (P95 against the soft time-out), cost 10%;
 * each failure among the last five attempts lowers it further. No history scores neutral.
 */
export const WEIGHTS = { success: 0.45, rating: 0.25, latency: 0.2, cost: 0.1 } as const;
/** Each failure among the last five attempts takes this fraction off the score. */
export const RECENT_FAILURE_PENALTY = 0.12;
/** Prior used to smooth the success rate: a new upstream behaves as if it had 2 attempts at 90%. */
const PRIOR_ATTEMPTS = 2;
const PRIOR_SUCCESS = 0.9;
const NEUTRAL_LATENCY = 0.5;

export interface AttemptStats {
  attempts: number;
  successes: number;
  /** P95 duration of the last 24 hours, or null without attempts. */
  p95Ms: number | null;
  /** Failures among the last five attempts (0-5). */
  recentFailures: number;
}

export const NO_HISTORY: AttemptStats = { attempts: 0, successes: 0, p95Ms: null, recentFailures: 0 };

export interface ScoreInput {
  stats: AttemptStats;
  /** Manual rating 0-5. */
  rating: number;
  softTimeoutMs: number;
  costUsd: number;
  /** The cheapest positive cost among upstreams of the same media, for the cost component. */
  cheapestCostUsd: number;
}

export interface Score {
  score: number;
  /** Smoothed success rate used by the score and the selection weight. */
  successRate: number;
  components: { success: number; rating: number; latency: number; cost: number };
  penalty: number;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function smoothedSuccessRate(stats: Pick<AttemptStats, 'attempts' | 'successes'>): number {
  return (stats.successes + PRIOR_ATTEMPTS * PRIOR_SUCCESS) / (stats.attempts + PRIOR_ATTEMPTS);
}

export function scoreUpstream(input: ScoreInput): Score {
  const successRate = smoothedSuccessRate(input.stats);
  const components = {
    success: successRate,
    rating: clamp01(input.rating / 5),
    latency: input.stats.p95Ms === null ? NEUTRAL_LATENCY : clamp01(1 - input.stats.p95Ms / input.softTimeoutMs),
    cost: input.costUsd <= 0 ? 1 : input.cheapestCostUsd <= 0 ? 0 : clamp01(input.cheapestCostUsd / input.costUsd),
  };
  const base =
    WEIGHTS.success * components.success +
    WEIGHTS.rating * components.rating +
    WEIGHTS.latency * components.latency +
    WEIGHTS.cost * components.cost;
  const penalty = clamp01(1 - RECENT_FAILURE_PENALTY * Math.min(5, input.stats.recentFailures));
  return { score: base * penalty, successRate, components, penalty };
}

/** Selection weight (rule 2): score x success_rate squared. */
export function selectionWeight(score: Score): number {
  return score.score * score.successRate * score.successRate;
}
