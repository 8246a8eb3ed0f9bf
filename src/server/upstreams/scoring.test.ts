import { describe, expect, it } from 'vitest';
import { NO_HISTORY, scoreUpstream, selectionWeight, smoothedSuccessRate, WEIGHTS } from './scoring';

const base = { rating: 3, softTimeoutMs: 60_000, costUsd: 0.04, cheapestCostUsd: 0.04 };

describe('health score', () => {
  it('weights success 45%, rating 25%, latency 20%, cost 10%', () => {
    expect(WEIGHTS.success + WEIGHTS.rating + WEIGHTS.latency + WEIGHTS.cost).toBeCloseTo(1);
    const perfect = scoreUpstream({
      ...base,
      rating: 5,
      stats: { attempts: 10_000, successes: 10_000, p95Ms: 0, recentFailures: 0 },
    });
    expect(perfect.score).toBeCloseTo(1, 3);
    const s = scoreUpstream({ ...base, stats: { attempts: 1000, successes: 800, p95Ms: 30_000, recentFailures: 0 } });
    // success ~0.8, rating 0.6, latency 0.5, cost 1
    expect(s.score).toBeCloseTo(0.45 * s.successRate + 0.25 * 0.6 + 0.2 * 0.5 + 0.1 * 1, 6);
    expect(s.successRate).toBeCloseTo(0.8, 2);
  });

  it('starts neutral without history', () => {
    const s = scoreUpstream({ ...base, stats: NO_HISTORY });
    expect(s.successRate).toBeCloseTo(0.9);
    expect(s.components.latency).toBe(0.5);
    expect(s.score).toBeGreaterThan(0.6);
    expect(s.score).toBeLessThan(0.8);
  });

  it('lowers the score for each failure among the last five attempts', () => {
    const stats = { attempts: 500, successes: 490, p95Ms: 10_000 };
    const scores = [0, 1, 2, 3, 4, 5].map(
      (f) => scoreUpstream({ ...base, stats: { ...stats, recentFailures: f } }).score,
    );
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1] as number);
  });

  it('rewards speed against the soft time-out and cheapness against the cheapest upstream', () => {
    const fast = scoreUpstream({ ...base, stats: { attempts: 100, successes: 100, p95Ms: 6_000, recentFailures: 0 } });
    const slow = scoreUpstream({ ...base, stats: { attempts: 100, successes: 100, p95Ms: 90_000, recentFailures: 0 } });
    expect(fast.components.latency).toBeCloseTo(0.9);
    expect(slow.components.latency).toBe(0);
    const dear = scoreUpstream({ ...base, costUsd: 0.08, stats: NO_HISTORY });
    expect(dear.components.cost).toBeCloseTo(0.5);
  });

  it('selection weight is score x success rate squared', () => {
    const s = scoreUpstream({ ...base, stats: { attempts: 100, successes: 50, p95Ms: 1000, recentFailures: 2 } });
    expect(selectionWeight(s)).toBeCloseTo(s.score * s.successRate ** 2);
    expect(smoothedSuccessRate({ attempts: 100, successes: 50 })).toBeCloseTo((50 + 1.8) / 102);
  });
});
