import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { upstreamAttempts, upstreams } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import {
  flushAttempts,
  INVALID_INPUT_MESSAGE,
  InputRejected,
  RoutingExhausted,
  routeCall,
} from '@/server/upstreams/engine';
import { probeRemovedUpstreams } from '@/server/upstreams/maintenance';
import { listUpstreamsForOperator } from '@/server/upstreams/admin/views';
import { invalidateCandidates, loadCandidates, updateUpstream } from '@/server/upstreams/registry';
import { recomputeScores } from '@/server/upstreams/stats';
import { testSecret } from '../helpers/test-db';
import { fast, image, imageCall, routingSuite } from '../helpers/routing-sim';

/** Image routing through the simulator: retries, fallback, capabilities, refused input. Chat, video,
 *  bindings, health scores and error classes: routing-media.test.ts. */
const suite = routingSuite();
const { fault } = suite;

async function attemptsOf(ref: string) {
  await flushAttempts();
  const rows = await suite.t.db
    .select({
      channel: upstreams.name,
      ok: upstreamAttempts.ok,
      cls: upstreamAttempts.errorClass,
      tryNo: upstreamAttempts.tryNo,
      pos: upstreamAttempts.chainPos,
    })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.ref, ref))
    .orderBy(upstreamAttempts.id);
  return rows;
}

describe('routing through the simulator', () => {
  it('generates a real image and records the attempt', async () => {
    const before = Date.now();
    const tenantId = '0d6f1a52-5a43-4f0e-9c3b-7f4f8a1e2b3c';
    const routed = await routeCall(suite.t.db, testSecret, image(), imageCall(), { ...fast, ref: 'r-basic', tenantId });
    // The channel takes 1024x1536 as its closest size to 3:4; the result is cropped to exactly 3:4.
    expect(routed.result).toMatchObject({ format: 'png', width: 1024, height: 1365 });
    expect(await attemptsOf('r-basic')).toEqual([{ channel: routed.channel, ok: true, cls: null, tryNo: 1, pos: 1 }]);
    // Every column of the batched write: who, what, when and how long.
    const [row] = await suite.t.db.select().from(upstreamAttempts).where(eq(upstreamAttempts.ref, 'r-basic'));
    expect(row).toMatchObject({
      upstreamId: routed.upstreamId,
      family: routed.family,
      tenantId,
      detail: { size: '1024x1536', ratio: '3:4', crop: '1024x1365' },
    });
    expect(row?.startedAt).toBeInstanceOf(Date);
    expect(row?.startedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.startedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    expect(row?.durationMs).toBeLessThanOrEqual(Date.now() - before);
  });

  it('retries a transient error on the same upstream at most twice', async () => {
    await fault('sim-image-b', 'rate_limit', 2);
    const routed = await routeCall(suite.t.db, testSecret, image({}, 'sim-image-b'), imageCall(), {
      ...fast,
      ref: 'r-retry',
    });
    expect(routed.channel).toBe('sim-image-b');
    expect((await attemptsOf('r-retry')).map((a) => [a.channel, a.ok, a.cls, a.tryNo])).toEqual([
      ['sim-image-b', false, 'rate_limit', 1],
      ['sim-image-b', false, 'rate_limit', 2],
      ['sim-image-b', true, null, 3],
    ]);
  });

  it('calls no upstream before its gate passes, and ends with the gate’s own error when it fails', async () => {
    const calls: number[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const call = () => {
      calls.push(Date.now());
      return Promise.resolve('answered');
    };
    const routed = routeCall(suite.t.db, testSecret, image(), call, { ...fast, ref: 'r-gate', gate });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    open();
    expect((await routed).result).toBe('answered');
    expect(calls).toHaveLength(1);

    const refused = new AppError('PAYMENT_REQUIRED', 'Not enough credits');
    const err = await routeCall(suite.t.db, testSecret, image(), call, {
      ...fast,
      ref: 'r-gate-refused',
      gate: Promise.reject(refused),
    }).catch((e: unknown) => e);
    expect(err).toBe(refused);
    expect(calls).toHaveLength(1);
    expect(await attemptsOf('r-gate-refused')).toEqual([]);
  });

  it('fails a locked channel after its retries, with no fallback and no provider name', async () => {
    await fault('sim-image-b', 'rate_limit', 3);
    const err = await routeCall(suite.t.db, testSecret, image({}, 'sim-image-b'), imageCall(), {
      ...fast,
      ref: 'r-locked',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect((err as Error).message).not.toMatch(/sim-|simulator/);
    expect((await attemptsOf('r-locked')).map((a) => a.channel)).toEqual(['sim-image-b', 'sim-image-b', 'sim-image-b']);
  });

  it('retries a server error once after a short back-off, then falls back inside the family, with a note while the backup runs', async () => {
    await fault('sim-image-a', 'server_error');
    const notes: [number, number][] = [];
    const routed = await routeCall(suite.t.db, testSecret, image({}, 'imagegen-1'), imageCall(), {
      ...fast,
      ref: 'r-fallback',
      onFallback: (n, m) => void notes.push([n, m]),
    });
    expect(routed.channel).toBe('sim-image-b');
    expect(routed.family).toBe('imagegen-1');
    expect(notes).toEqual([[1, 1]]);
    expect((await attemptsOf('r-fallback')).map((a) => [a.channel, a.ok, a.cls, a.tryNo, a.pos])).toEqual([
      ['sim-image-a', false, 'server_error', 1, 1],
      ['sim-image-a', false, 'server_error', 2, 1],
      ['sim-image-b', true, null, 1, 2],
    ]);
  });

  it('gets past a single server error on the same channel: one retry, no fallback', async () => {
    await fault('sim-image-b', 'server_error', 1);
    const routed = await routeCall(suite.t.db, testSecret, image({}, 'sim-image-b'), imageCall(), {
      ...fast,
      ref: 'r-500-once',
    });
    expect(routed.channel).toBe('sim-image-b');
    expect((await attemptsOf('r-500-once')).map((a) => [a.channel, a.ok, a.cls, a.tryNo])).toEqual([
      ['sim-image-b', false, 'server_error', 1],
      ['sim-image-b', true, null, 2],
    ]);
  });

  it('keeps the family of the first choice when routing automatically', async () => {
    await fault('sim-image-a', 'server_error');
    await fault('sim-image-b', 'server_error');
    // random 0 picks sim-image-a first: its family is imagegen-1, so sim-image-c (imagegen-2) is never tried.
    const err = await routeCall(suite.t.db, testSecret, image(), imageCall(), { ...fast, ref: 'r-family' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect(new Set((await attemptsOf('r-family')).map((a) => a.channel))).toEqual(
      new Set(['sim-image-a', 'sim-image-b']),
    );
  });

  it('treats a time-out as transient and then falls back', async () => {
    await suite.t.db.update(upstreams).set({ softTimeoutMs: 300 }).where(eq(upstreams.name, 'sim-image-a'));
    invalidateCandidates(suite.t.db);
    await fault('sim-image-a', 'timeout');
    const routed = await routeCall(suite.t.db, testSecret, image({}, 'imagegen-1'), imageCall(), {
      ...fast,
      ref: 'r-timeout',
    });
    expect(routed.channel).toBe('sim-image-b');
    expect((await attemptsOf('r-timeout')).map((a) => [a.channel, a.cls, a.tryNo])).toEqual([
      ['sim-image-a', 'timeout', 1],
      ['sim-image-a', 'timeout', 2],
      ['sim-image-a', 'timeout', 3],
      ['sim-image-b', null, 1],
    ]);
  });

  it.each(['invalid_key', 'unpaid'])(
    'removes an upstream on %s and a probe restores it once it answers again',
    async (kind) => {
      // A bad key is refused on every call; an unpaid account only on billable ones.
      await fault('sim-image-a', kind, undefined, kind === 'invalid_key' ? 'all' : 'generate');
      const routed = await routeCall(suite.t.db, testSecret, image({}, 'imagegen-1'), imageCall(), {
        ...fast,
        ref: `r-${kind}`,
      });
      expect(routed.channel).toBe('sim-image-b');
      const [row] = await suite.t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-image-a'));
      expect(row?.removedReason).toBe(kind);
      expect((await loadCandidates(suite.t.db)).find((c) => c.name === 'sim-image-a')?.removed).toBe(true);
      expect((await listUpstreamsForOperator(suite.t.db)).find((u) => u.name === 'sim-image-a')).toMatchObject({
        state: 'removed',
        removed_reason: kind,
      });

      // Still failing: the probe leaves it out.
      expect(await probeRemovedUpstreams(suite.t.db, testSecret, { force: true })).toEqual([]);
      // Backed off: not due again right away.
      await suite.sim.control('/__sim/faults', { method: 'DELETE' });
      expect(await probeRemovedUpstreams(suite.t.db, testSecret, { intervalMs: 60_000 })).toEqual([]);
      expect(await probeRemovedUpstreams(suite.t.db, testSecret, { intervalMs: 1 })).toEqual(['sim-image-a']);
      const [back] = await suite.t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-image-a'));
      expect(back?.removedReason).toBeNull();
    },
  );

  it('counts an opaque answer to a transparent request as a failure and never downgrades', async () => {
    await fault('sim-image-a', 'bad_output', 1);
    const err = await routeCall(
      suite.t.db,
      testSecret,
      image({ transparentBackground: true }),
      imageCall({ transparent: true }),
      {
        ...fast,
        ref: 'r-bad',
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingExhausted);
    expect((await attemptsOf('r-bad')).map((a) => [a.channel, a.cls])).toEqual([['sim-image-a', 'bad_output']]);

    const ok = await routeCall(
      suite.t.db,
      testSecret,
      image({ transparentBackground: true }),
      imageCall({ transparent: true }),
      fast,
    );
    expect(ok.channel).toBe('sim-image-a');
    expect(ok.result.transparent).toBe(true);
  });

  it('refuses a capability no upstream has with a 400 before any call', async () => {
    await suite.sim.control('/__sim/requests', { method: 'DELETE' });
    const err = await routeCall(suite.t.db, testSecret, image({ mask: true }), imageCall()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toMatch(/No upstream currently available for mask repaint/);
    const transparentC = await routeCall(
      suite.t.db,
      testSecret,
      image({ transparentBackground: true }, 'imagegen-2'),
      imageCall(),
    ).catch((e: unknown) => e);
    expect((transparentC as AppError).status).toBe(400);
    const log = (await (await suite.sim.control('/__sim/requests')).json()) as unknown[];
    expect(log).toHaveLength(0);
  });

  it('stops at an answer that the input is invalid: one attempt, a 400 saying what to fix, no health penalty', async () => {
    const raw = Buffer.alloc(160 * 120 * 3).map((_, i) => (i * 2654435761) >>> 24);
    const jpeg = await sharp(raw, { raw: { width: 160, height: 120, channels: 3 } })
      .jpeg()
      .toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    await recomputeScores(suite.t.db);
    const before = (await listUpstreamsForOperator(suite.t.db)).find((u) => u.name === 'sim-image-a');

    // Family imagegen-1 has two channels; random 0 picks sim-image-a first.
    const err = await routeCall(
      suite.t.db,
      testSecret,
      image({ referenceImages: 1 }, 'imagegen-1'),
      imageCall({ references: [cut] }),
      {
        ...fast,
        ref: 'r-invalid-input',
        onFallback: () => {
          throw new Error('no fallback expected');
        },
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputRejected);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe(INVALID_INPUT_MESSAGE);
    expect((err as AppError).message).not.toMatch(/sim-|simulator|openai/i);
    expect((await attemptsOf('r-invalid-input')).map((a) => [a.channel, a.ok, a.cls, a.tryNo, a.pos])).toEqual([
      ['sim-image-a', false, 'invalid_input', 1, 1],
    ]);

    await recomputeScores(suite.t.db);
    const after = (await listUpstreamsForOperator(suite.t.db)).find((u) => u.name === 'sim-image-a');
    expect(after?.recent_failures).toBe(before?.recent_failures);
    expect(after?.score).toBe(before?.score);

    // The same image whole goes through.
    const ok = await routeCall(
      suite.t.db,
      testSecret,
      image({ referenceImages: 1 }, 'imagegen-1'),
      imageCall({ references: [jpeg] }),
      fast,
    );
    expect(ok.result.format).toBe('png');
  });

  it('answers 400 naming the capability when the operator disabled every channel that has it, and 503 only when nothing is enabled', async () => {
    await suite.sim.control('/__sim/requests', { method: 'DELETE' });
    const imageChannels = (await loadCandidates(suite.t.db)).filter((c) =>
      c.models.some((m) => m.media.includes('image')),
    );
    const transparentCapable = imageChannels.filter((c) => c.models.some((m) => m.capabilities.transparent_background));
    expect(transparentCapable.length).toBeGreaterThan(0);
    for (const c of transparentCapable) await updateUpstream(suite.t.db, { name: c.name, enabled: false });

    const transparent = await routeCall(
      suite.t.db,
      testSecret,
      image({ transparentBackground: true }),
      imageCall({ transparent: true }),
    ).catch((e: unknown) => e);
    expect(transparent).toBeInstanceOf(AppError);
    expect((transparent as AppError).status).toBe(400);
    expect((transparent as AppError).message).toMatch(
      /^No upstream currently available for transparent background\. Retrying will not help/,
    );
    // A plain image still goes to what is left.
    expect((await routeCall(suite.t.db, testSecret, image(), imageCall(), fast)).channel).not.toBe(
      transparentCapable[0]?.name,
    );

    for (const c of imageChannels) await updateUpstream(suite.t.db, { name: c.name, enabled: false });
    for (const needs of [{}, { transparentBackground: true }]) {
      const none = await routeCall(suite.t.db, testSecret, image(needs), imageCall()).catch((e: unknown) => e);
      expect((none as AppError).status).toBe(503);
      expect((none as AppError).message).toBe('No image upstream is available right now; retry in a few minutes');
    }
    const log = (await (await suite.sim.control('/__sim/requests')).json()) as { path: string }[];
    expect(log.filter((r) => r.path.includes('/v1/images/'))).toHaveLength(1);
  });

  it('refuses a ratio no capable model serves with the capability 400 when cropping is off, and never sends another ratio', async () => {
    const [row] = await suite.t.db.select().from(upstreams).where(eq(upstreams.name, 'sim-image-c'));
    if (!row) throw new Error('no sim-image-c');
    const models = row.models;
    await suite.t.db
      .update(upstreams)
      .set({
        models: models.map((m) => ({
          ...m,
          capabilities: { ...m.capabilities, sizes: ['1024x1024', '1536x1024'], crop: false },
        })),
      })
      .where(eq(upstreams.name, 'sim-image-c'));
    invalidateCandidates(suite.t.db);
    try {
      await suite.sim.control('/__sim/requests', { method: 'DELETE' });
      const refused = await routeCall(
        suite.t.db,
        testSecret,
        image({ ratio: '16:9' }, 'imagegen-2'),
        imageCall({ ratio: '16:9' }),
        fast,
      ).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 400, reason: 'capability_unsupported' });
      expect((refused as AppError).message).toMatch(
        /^No upstream currently available for this aspect ratio with model "imagegen-2"\. Retrying will not help/,
      );
      const log = (await (await suite.sim.control('/__sim/requests')).json()) as { path: string }[];
      expect(log.filter((r) => r.path.includes('/v1/images/'))).toHaveLength(0);
      // A ratio one of its sizes gives exactly is still served, uncropped.
      const exact = await routeCall(
        suite.t.db,
        testSecret,
        image({ ratio: '3:2' }, 'imagegen-2'),
        imageCall({ ratio: '3:2' }),
        fast,
      );
      expect(exact.result).toMatchObject({ width: 1536, height: 1024 });
    } finally {
      await suite.t.db.update(upstreams).set({ models }).where(eq(upstreams.name, 'sim-image-c'));
      invalidateCandidates(suite.t.db);
    }
  });
});
