import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/testing';
import { upstreams } from '../../src/server/db/schema';
import { generateImage } from '../../src/server/upstreams/adapters/openai-images';
import type { RouteOptions } from '../../src/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '../../src/server/upstreams/registry';
import type { RouteRequest } from '../../src/server/upstreams/select';
import type { Target, UpstreamModel } from '../../src/server/upstreams/types';
import { verifyImage } from '../../src/server/upstreams/verify';
import { createTestDatabase, testSecret, type TestDatabase } from './test-db';

/**
 * A routing test file's world: a migrated database whose upstreams are the simulator's channels,
 * every fault cleared and every channel back to its configured state after each test.
 */
export function routingSuite(): { readonly t: TestDatabase; readonly sim: RunningSim; fault: (channel: string, kind: string, times?: number, on?: 'all' | 'generate') => Promise<void> } {
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
      const res = await sim.control('/__sim/faults', { json: { channel, fault: kind, ...(times ? { times } : {}), ...(on ? { on } : {}) } });
      expect(res.status).toBe(200);
    },
  };
}

/** Routing without waiting between retries, and always the first candidate by name. */
export const fast: RouteOptions = { retryDelayMs: () => 5, random: () => 0 };

export const image = (needs: RouteRequest['needs'] = {}, model?: string): RouteRequest => ({ media: 'image', model, needs });

/** An image call as the job worker makes it: generate, then verify before accepting. */
export function imageCall(opts: { transparent?: boolean; prompt?: string; references?: Buffer[] } = {}) {
  return async (target: Target, _model: UpstreamModel, signal: AbortSignal) => {
    const out = await generateImage(
      target,
      {
        prompt: opts.prompt ?? '一只橘猫 on a desk',
        width: 768,
        height: 1024,
        outputFormat: 'png',
        background: opts.transparent ? 'transparent' : undefined,
        referenceImages: (opts.references ?? []).map((data, i) => ({ data, mime: 'image/jpeg', filename: `ref-${i}.jpg` })),
      },
      signal,
    );
    return verifyImage(out.data, { format: 'png', transparent: opts.transparent });
  };
}
