import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { videoTaskStates } from '@/contracts/videos';
import { at, stamp } from './columns';
import { jobs } from './jobs';
import { upstreams } from './upstreams';

/**
 * The upstream side of a video job (1:1 with `jobs`, same id): the task state the caller sees, and
 * which upstream task runs it. `upstreamId`, `channel` and `upstreamTaskId` are internal: never shown.
 */
export const videoTasks = pgTable(
  'video_tasks',
  {
    id: uuid()
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    tenantId: uuid().notNull(),
    accountId: uuid(),
    tier: text().notNull(),
    state: text({ enum: videoTaskStates }).notNull().default('queued'),
    upstreamId: uuid().references(() => upstreams.id, { onDelete: 'set null' }),
    channel: text(),
    /** The provider-side model id the task was created with (the tier's alias on that channel). */
    upstreamModel: text(),
    upstreamTaskId: text(),
    /** Upstreams already given up on for this task (bad output, failure): the next one is tried. */
    failedUpstreams: uuid().array().notNull().default([]),
    progress: integer(),
    polls: integer().notNull().default(0),
    coverUrl: text(),
    /** When the state last changed: the per-tier deadline counts from here. */
    stateChangedAt: stamp(),
    createdAt: stamp(),
    upstreamCreatedAt: at(),
    /** The provider's own last reported status of the upstream task (it may differ from `state` once the job ended). */
    upstreamState: text(),
    /**
     * Set when the job ended (cancelled by the caller, timed out) while the provider would not cancel its
     * running task: the caller was refunded, and the worker still follows the upstream task to its end
     * to record what it cost. Operators list these tasks.
     */
    orphanedAt: at(),
  },
  (t) => [index('video_tasks_tenant_state_idx').on(t.tenantId, t.state, t.createdAt.desc())],
);

export type VideoTaskRow = typeof videoTasks.$inferSelect;
