import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { upstreamAttempts } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { pollDelay } from './outcomes';

/**
 * How long an upstream's video tasks of a tier render, learned from the tasks it finished, and when a
 * task is therefore checked. A task's first status check comes at 80 % of the typical render time, then
 * every tenth of it (so a 3-minute render is looked at about three times instead of eight); a tier
 * nothing is known of yet is checked on the plain back-off from `STUDIO_VIDEO_POLL_FIRST_MS`.
 * What a worker learns lives in its memory; a worker that starts (or meets an upstream and tier for the
 * first time) reads the recent task ends recorded in `upstream_attempts` (`task_ms`, outcomes.ts).
 */

/** Where the first check goes, as a share of the typical render time (image tasks use the same). */
export const FIRST_CHECK_SHARE = 0.8;
/** The interval between checks after the first, as a share of the typical render time. */
export const CHECK_INTERVAL_SHARE = 0.1;
/** Task ends read to seed an upstream's and tier's render time, and how far back. */
const SEED_SAMPLES = 20;
const SEED_WINDOW = sql`interval '1 day'`;
/** A pair with nothing recorded is asked again after this long (another worker may have learned it meanwhile). */
const UNKNOWN_TTL_MS = 60_000;
const MAX_KEYS = 1_000;

interface Learned {
  ms: number | null;
  at: number;
  /** The seed read in progress: concurrent creations on one pair share it. */
  seeding?: Promise<number | null>;
}

const learned = new Map<string, Learned>();
const keyOf = (upstreamId: string, tier: string) => `${upstreamId}\n${tier}`;

/**
 * The wait before the next status check of a task `elapsedMs` after it was created upstream, `checks`
 * checks made so far, when the upstream's tasks of its tier render in about `expectedMs` (null: not
 * known, the doubling back-off). Never shorter than a second (or `pollFirstMs` when that is less), nor
 * longer than `pollMaxMs` once the task is near its expected end; past twice the expected time, the back-off.
 */
export function nextCheckDelayMs(
  video: Pick<Config['video'], 'pollFirstMs' | 'pollMaxMs'>,
  elapsedMs: number,
  checks: number,
  expectedMs: number | null,
): number {
  // Nothing known, or a task running past twice the typical time (the tier slowed down, or what was
  // learned came from much shorter renders): the plain back-off, never a check a second for minutes.
  if (expectedMs === null || elapsedMs > 2 * expectedMs) return pollDelay(video, checks);
  const floor = Math.min(1_000, video.pollFirstMs);
  const near = FIRST_CHECK_SHARE * expectedMs;
  if (elapsedMs < near) return Math.max(floor, near - elapsedMs);
  return Math.min(video.pollMaxMs, Math.max(floor, CHECK_INTERVAL_SHARE * expectedMs));
}

/** The typical render time of `upstreamId`'s tasks of `tier`, ms; null while nothing is known of it. */
export async function expectedRenderMs(db: Db, upstreamId: string, tier: string): Promise<number | null> {
  const key = keyOf(upstreamId, tier);
  const hit = learned.get(key);
  if (hit?.seeding) return hit.seeding;
  if (hit && (hit.ms !== null || Date.now() - hit.at < UNKNOWN_TTL_MS)) return hit.ms;
  if (!hit && learned.size >= MAX_KEYS) learned.clear();
  const entry: Learned = { ms: null, at: Date.now() };
  entry.seeding = seed(db, upstreamId, tier)
    .catch((err: unknown) => {
      logger.warn({ err, upstreamId, tier }, 'could not read recent video render times');
      return null;
    })
    .then((ms) => {
      // A sample learned while the seed was read is newer than the seed.
      if (entry.ms === null) entry.ms = ms;
      entry.at = Date.now();
      delete entry.seeding;
      return entry.ms;
    });
  learned.set(key, entry);
  return entry.seeding;
}

/** Records that a task of `tier` on `upstreamId` rendered in `ms`: a moving average of the recent ones. */
export function learnRenderMs(upstreamId: string, tier: string, ms: number): void {
  if (!Number.isFinite(ms) || ms <= 0) return;
  const key = keyOf(upstreamId, tier);
  const hit = learned.get(key);
  if (!hit && learned.size >= MAX_KEYS) learned.clear();
  if (!hit) learned.set(key, { ms, at: Date.now() });
  else {
    // A render more than twice or under half the average is a changed tier (a new model version, another
    // load upstream): the average starts over from it rather than taking several renders to get there.
    const changed = hit.ms === null || ms > 2 * hit.ms || ms < hit.ms / 2;
    hit.ms = changed ? ms : 0.7 * (hit.ms ?? ms) + 0.3 * ms;
    hit.at = Date.now();
  }
}

/** The mean render time of the upstream's last task ends of the tier that made a video (outcomes.ts records them). */
async function seed(db: Db, upstreamId: string, tier: string): Promise<number | null> {
  const rows = await db
    .select({ ms: sql<number | null>`(${upstreamAttempts.detail}->>'task_ms')::float8` })
    .from(upstreamAttempts)
    .where(
      and(
        eq(upstreamAttempts.upstreamId, upstreamId),
        gt(upstreamAttempts.startedAt, sql`now() - ${SEED_WINDOW}`),
        eq(upstreamAttempts.family, tier),
        eq(upstreamAttempts.ok, true),
        sql`${upstreamAttempts.detail}->>'status' = 'succeeded'`,
        sql`${upstreamAttempts.detail} ? 'task_ms'`,
      ),
    )
    .orderBy(desc(upstreamAttempts.startedAt))
    .limit(SEED_SAMPLES);
  const times = rows.map((r) => Number(r.ms)).filter((ms) => Number.isFinite(ms) && ms > 0);
  if (times.length === 0) return null;
  return times.reduce((s, ms) => s + ms, 0) / times.length;
}

export const forTests = { learned };
