import { z } from 'zod';

/**
 * Every queue and the payload its tasks carry. A payload is checked when it is enqueued and parsed
 * again when its task is claimed; one that does not parse is dropped with an error in the log, never
 * retried (retrying cannot make it valid).
 */
export const taskPayloads = {
  'image.job': z.object({ jobId: z.uuid() }),
  /** `after`: attempts recorded before this task (a redelivery), so its first is recorded as the next. */
  'callback.deliver': z.object({ jobId: z.uuid(), after: z.number().int().min(0).optional() }),
  /**
   * One row per video job for its whole life, re-scheduled with runAt between steps: in `video.job` while
   * its upstream task is to be created, in `video.check` while that task's status is checked (and an
   * orphaned one followed). The worker serves the two in separate lanes, so creations never wait behind checks.
   */
  'video.job': z.object({ jobId: z.uuid() }),
  'video.check': z.object({ jobId: z.uuid() }),
  /** An asynchronous image-to-template conversion. */
  'template.job': z.object({ jobId: z.uuid() }),
  /** One mail of the outbox, sent over SMTP. */
  'mail.send': z.object({ mailId: z.uuid() }),
  /** One alert's webhook event (`balance.low`, `spend.threshold`, `cap.reached`). */
  'alert.deliver': z.object({ alertId: z.number().int().positive() }),
} as const;

export type QueueName = keyof typeof taskPayloads;
export type TaskPayload<Q extends QueueName> = z.infer<(typeof taskPayloads)[Q]>;

/** The queue names by what they do, for code that enqueues. */
export const QUEUES = {
  imageJob: 'image.job',
  callback: 'callback.deliver',
  videoJob: 'video.job',
  videoCheck: 'video.check',
  templateJob: 'template.job',
  mail: 'mail.send',
  alert: 'alert.deliver',
} as const satisfies Record<string, QueueName>;
