import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import { upstreams } from '@/server/db/schema';
import { generateForRatio } from '@/server/domain/jobs/run';
import type { AttemptNote, RouteOptions } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import type { RouteRequest } from '@/server/upstreams/select';
import type { Target, UpstreamModel } from '@/server/upstreams/types';
import { createTestDatabase, testSecret, type TestDatabase } from './test-db';

/**
 * A routing test file's world: a migrated database whose upstreams are the simulator's channels,
 * every fault cleared and every channel back to its configured state after each test.
 */
export function routingSuite(): {
  readonly t: TestDatabase;
  readonly sim: RunningSim;
  fault: (channel: string, kind: string, times?: number, on?: 'all' | 'generate') => Promise<void>;
} {
  let t: TestDatabase;
  let sim: RunningSim;
  beforeAll(async () => {
    t = await createTestDatabase();
    sim = await startSim();
    await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  });
  afterAll(async () => {
    await sim.close();
    await t.close();
  });
  afterEach(async () => {
    await sim.control('/__sim/faults', { method: 'DELETE' });
    // eslint-disable-next-line drizzle/enforce-update-with-where
    await t.db.update(upstreams).set({ removedReason: null, removedAt: null, enabled: true, softTimeoutMs: 60_000 });
    invalidateCandidates(t.db);
  });
  return {
    get t() {
      return t;
    },
    get sim() {
      return sim;
    },
    async fault(channel, kind, times, on) {
      const res = await sim.control('/__sim/faults', {
        json: { channel, fault: kind, ...(times ? { times } : {}), ...(on ? { on } : {}) },
      });
      expect(res.status).toBe(200);
    },
  };
}

/** Routing without waiting between retries, and always the first candidate by name. */
export const fast: RouteOptions = { retryDelayMs: () => 5, random: () => 0 };

export const image = (needs: RouteRequest['needs'] = {}, model?: string): RouteRequest => ({
  media: 'image',
  model,
  needs,
});

/** An image call as the job worker makes it: the model's size for the ratio, then verified and cropped to it. */
export function imageCall(
  opts: { transparent?: boolean; prompt?: string; references?: Buffer[]; ratio?: string } = {},
) {
  return async (target: Target, model: UpstreamModel, signal: AbortSignal, note?: AttemptNote) => {
    const out = await generateForRatio(
      target,
      model,
      {
        prompt: opts.prompt ?? '一只橘猫 on a desk',
        ratio: opts.ratio ?? '3:4',
        background: opts.transparent ? 'transparent' : undefined,
        referenceImages: (opts.references ?? []).map((data, i) => ({
          data,
          mime: 'image/jpeg',
          filename: `ref-${i}.jpg`,
        })),
      },
      signal,
      note,
    );
    return out.verified;
  };
}
