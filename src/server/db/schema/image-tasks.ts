import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { jobs } from './jobs';
import { upstreams } from './upstreams';

/**
 * The provider-side task an image job is waiting on, for the asynchronous image protocols (DashScope,
 * fal's queue, Replicate): written once the task was submitted, before the first wait, and deleted when
 * the attempt ends without an image, or once the image is stored. A run of the job after its worker
 * stopped or died follows this task instead of submitting (and paying for) a second one.
 * One row per job: a job is one image (a batch is one job per image). Internal: never shown to callers.
 */
export const imageTasks = pgTable('image_tasks', {
  jobId: uuid()
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  upstreamId: uuid().references(() => upstreams.id, { onDelete: 'set null' }),
  channel: text().notNull(),
  /** The provider-side model id the task was submitted with. */
  upstreamModel: text().notNull(),
  /** The provider's handle for the task, as its `get` and `cancel` take it. */
  upstreamTaskId: text().notNull(),
  submittedAt: stamp(),
});

export type ImageTaskRow = typeof imageTasks.$inferSelect;
