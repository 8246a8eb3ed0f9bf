import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { adapterKinds } from '@/contracts/upstreams';
import type { UpstreamModel } from '@/server/upstreams/types';
import { at, ownedBy, serialKey, stamp, uuidKey } from './columns';

/**
 * Upstream channels. Configuration fields come from STUDIO_UPSTREAMS_FILE (or the simulator), or
 * from the operator console (source `console`, which a file sync never overwrites or retires);
 * `enabled` and `rating` are operator state that a file sync does not overwrite;
 * `removed_*` is set automatically on invalid-key or unpaid errors and cleared by a probe.
 */
export const upstreams = pgTable('upstreams', {
  id: uuidKey(),
  name: text().notNull().unique(),
  provider: text().notNull(),
  adapter: text({ enum: adapterKinds }).notNull(),
  baseUrl: text().notNull(),
  keyCiphertext: text().notNull(),
  softTimeoutMs: integer().notNull(),
  models: jsonb().$type<UpstreamModel[]>().notNull(),
  enabled: boolean().notNull().default(true),
  rating: real().notNull().default(3),
  removedReason: text({ enum: ['invalid_key', 'unpaid'] }),
  removedAt: at(),
  /** Probes of a removed upstream back off: last probe time and failed probes since removal. */
  probedAt: at(),
  probeFailures: integer().notNull().default(0),
  /** file, simulator, console: where the definition came from; retired: no longer configured. */
  source: text({ enum: ['file', 'simulator', 'console', 'retired'] }).notNull(),
  simulated: boolean().notNull().default(false),
  createdAt: stamp(),
  updatedAt: stamp(),
});

export type UpstreamRow = typeof upstreams.$inferSelect;

/** Every call made to an upstream: the raw material of health scores and the routing log. */
export const upstreamAttempts = pgTable(
  'upstream_attempts',
  {
    id: serialKey(),
    upstreamId: ownedBy(() => upstreams.id),
    family: text().notNull(),
    /** The job or request this attempt served. */
    ref: text(),
    tenantId: uuid(),
    startedAt: at().notNull(),
    durationMs: integer().notNull(),
    ok: boolean().notNull(),
    errorClass: text(),
    /** The provider's own error code, verbatim (`moderation_blocked`, `OutputVideoSensitiveContentDetected`, ...), for operators. */
    errorCode: text(),
    /**
     * What was sent and what came back that operators need to read a failure or a cost: the size asked
     * for and the crop applied, a refused task's provider message, a cancel the provider refused.
     */
    detail: jsonb().$type<Record<string, unknown>>(),
    /** 1 for the first try on this upstream, 2 and 3 for retries. */
    tryNo: smallint().notNull().default(1),
    /** Position in the fallback chain, 1-based. */
    chainPos: smallint().notNull().default(1),
  },
  (t) => [
    // Covers the score query (duration and outcome included) so it reads the index alone, in upstream order.
    index('upstream_attempts_upstream_started_idx').on(t.upstreamId, t.startedAt.desc(), t.durationMs, t.ok),
    index('upstream_attempts_started_idx').on(t.startedAt),
    index('upstream_attempts_ref_idx')
      .on(t.ref)
      .where(sql`${t.ref} is not null`),
  ],
);

export type UpstreamAttempt = typeof upstreamAttempts.$inferSelect;

/** Health scores, recomputed from the last 24 hours of attempts by the worker; read by every instance. */
export const upstreamScores = pgTable('upstream_scores', {
  upstreamId: uuid()
    .primaryKey()
    .references(() => upstreams.id, { onDelete: 'cascade' }),
  score: real().notNull(),
  weight: real().notNull(),
  successRate: real().notNull(),
  /** Unsmoothed success rate of the window; null without attempts. */
  rawSuccessRate: real(),
  p95Ms: integer(),
  attemptsDay: integer().notNull(),
  recentFailures: integer().notNull(),
  computedAt: at().notNull(),
});
