import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { expectedRenderMs, forTests, learnRenderMs, nextCheckDelayMs } from './render-times';

const video = { pollFirstMs: 5_000, pollMaxMs: 30_000 };
const MIN = 60_000;

/** When a task is checked, as times after its creation upstream, until the first check at or after `doneMs`. */
function checkTimes(doneMs: number, expectedMs: number | null): number[] {
  const at: number[] = [];
  let t = 0;
  for (let checks = 0; at.length < 50; checks++) {
    t += nextCheckDelayMs(video, t, checks, expectedMs);
    at.push(t);
    if (t >= doneMs) break;
  }
  return at;
}

describe('when an upstream video task is checked', () => {
  it('without a learned render time: the doubling back-off, 8 checks for a 3-minute render', () => {
    expect(checkTimes(3 * MIN, null)).toEqual([5, 15, 35, 65, 95, 125, 155, 185].map((s) => s * 1000));
  });

  it('with a learned 3-minute render: first at 80 % of it, then every tenth of it, 3 checks', () => {
    const at = checkTimes(3 * MIN, 3 * MIN);
    expect(at).toEqual([144_000, 162_000, 180_000]);
  });

  it('a render slower than the learned time is checked every tenth of it, never more than pollMaxMs apart', () => {
    const at = checkTimes(8 * MIN, 3 * MIN);
    expect(at[0]).toBe(144_000);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    // Every 18 s up to twice the learned time, then the back-off (capped at 30 s).
    expect(new Set(gaps)).toEqual(new Set([18_000, 30_000]));
    expect(at.filter((t) => t <= 2 * 3 * MIN)).toHaveLength(13);
    // A 20-minute tier's checks after the first are 30 s apart (2 min would be a tenth of it).
    expect(nextCheckDelayMs(video, 17 * MIN, 1, 20 * MIN)).toBe(30_000);
  });

  it('a task first seen late (a worker restart) is checked at once, not after another 80 %', () => {
    expect(nextCheckDelayMs(video, 170_000, 0, 3 * MIN)).toBe(18_000);
    expect(nextCheckDelayMs(video, 100_000, 0, 3 * MIN)).toBe(44_000);
  });

  it('a fast tier is never checked more often than once a second', () => {
    expect(nextCheckDelayMs(video, 0, 0, 500)).toBe(1_000);
    expect(nextCheckDelayMs(video, 900, 3, 500)).toBe(1_000);
  });

  it('a task running past twice the learned time goes back to the plain back-off (learned from far shorter renders)', () => {
    expect(checkTimes(3 * MIN, 400)).toEqual([1, 11, 31, 61, 91, 121, 151, 181].map((s) => s * 1000));
    expect(nextCheckDelayMs(video, 7 * MIN, 4, 3 * MIN)).toBe(30_000);
  });
});

describe('the learned render time of an upstream and tier', () => {
  afterEach(() => forTests.learned.clear());

  it('is the moving average of the renders this worker saw finish', async () => {
    const db = {} as Db; // known pairs never read the database
    learnRenderMs('u1', 'tier-a', 100_000);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(100_000);
    learnRenderMs('u1', 'tier-a', 200_000);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(130_000);
    // Far longer (or shorter) than the average: the tier changed, the average starts over.
    learnRenderMs('u1', 'tier-a', 400_000);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(400_000);
    learnRenderMs('u1', 'tier-a', 100_000);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(100_000);
    learnRenderMs('u1', 'tier-a', 200_000);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(130_000);
    learnRenderMs('u1', 'tier-a', Number.NaN);
    learnRenderMs('u1', 'tier-a', -5);
    expect(await expectedRenderMs(db, 'u1', 'tier-a')).toBe(130_000);
  });

  it('is read once from the database for pairs this worker has not seen, shared by concurrent asks', async () => {
    let reads = 0;
    const rows = [{ ms: 170_000 }, { ms: 190_000 }, { ms: null }];
    const chain = {
      from: () => chain,
      where: () => chain,
      orderBy: () => chain,
      limit: async () => {
        reads++;
        await new Promise((r) => setTimeout(r, 10));
        return rows;
      },
    };
    const db = { select: () => chain } as unknown as Db;
    const asked = await Promise.all([1, 2, 3].map(() => expectedRenderMs(db, 'u2', 'tier-b')));
    expect(asked).toEqual([180_000, 180_000, 180_000]);
    expect(await expectedRenderMs(db, 'u2', 'tier-b')).toBe(180_000);
    expect(reads).toBe(1);
  });
});
