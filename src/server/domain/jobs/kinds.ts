import type { Job } from '@/server/db/schema';
import { runConversionJob } from '@/server/domain/image-template/jobs';
import { runVideoJob } from '@/server/domain/videos/run';
import { QUEUES, type QueueName, type Task, type TaskPayload } from '@/server/queue/queue';
import { taskPayloads } from '@/server/queue/payloads';
import type { Reschedule, TaskHandler, TaskHandlers } from '@/server/queue/worker';
import type { JobRunContext } from './lifecycle';
import { runImageJob } from './run';

/**
 * Every kind of asynchronous job, one entry each: the queue its runs wait in, the payload its tasks
 * carry (checked when queued, parsed when claimed), and its run. The worker serves exactly these,
 * all with one run context (`JobRunContext`); each ends its jobs through `endJob` (lifecycle.ts).
 * A new kind is one entry here, its queue in payloads.ts and its run.
 */
interface JobKind<Q extends QueueName> {
  kind: Job['kind'];
  queue: Q;
  payload: (typeof taskPayloads)[Q];
  run(ctx: JobRunContext, task: Task<TaskPayload<Q>>): Promise<void | Reschedule>;
}

const kindOf = <Q extends QueueName>(k: JobKind<Q>) => k;

export const JOB_KINDS = [
  kindOf({ kind: 'image', queue: QUEUES.imageJob, payload: taskPayloads[QUEUES.imageJob], run: runImageJob }),
  kindOf({ kind: 'video', queue: QUEUES.videoJob, payload: taskPayloads[QUEUES.videoJob], run: runVideoJob }),
  kindOf({
    kind: 'template',
    queue: QUEUES.templateJob,
    payload: taskPayloads[QUEUES.templateJob],
    run: runConversionJob,
  }),
];

/**
 * The handlers of the status-check lane (queue/lanes.ts): a video job whose upstream task exists waits in
 * `video.check`, served apart from the creation of new tasks (domain/videos/run.ts moves it there).
 */
export function checkHandlers(contextOf: (signal: AbortSignal) => JobRunContext): TaskHandlers {
  return { [QUEUES.videoCheck]: (task, ctx) => runVideoJob(contextOf(ctx.signal), task) };
}

/** The queue worker's handlers of every job kind, each run given the context `contextOf` makes for its task. */
export function jobHandlers(contextOf: (signal: AbortSignal) => JobRunContext): TaskHandlers {
  const handlers: TaskHandlers = {};
  for (const k of JOB_KINDS) {
    const handler: TaskHandler<typeof k.queue> = (task, ctx) => k.run(contextOf(ctx.signal), task);
    (handlers as Record<string, unknown>)[k.queue] = handler;
  }
  return handlers;
}
