import { z } from 'zod';

/**
 * The call log (`GET /api/calls`): every request that cost or could cost credits, one row each.
 * `batch` is an image job submitted by `POST /api/generate-batch`; `image-template` an image-to-template
 * conversion; `reading` an image reading (`POST /api/reverse`).
 */
export const callKinds = ['image', 'batch', 'video', 'chat', 'article', 'reading', 'image-template'] as const;
export type CallKind = (typeof callKinds)[number];

/** Kinds kept in `call_log` itself; the others are read from their jobs. */
export const loggedCallKinds = ['chat', 'reading'] as const;
export type LoggedCallKind = (typeof loggedCallKinds)[number];

/**
 * `pending`: a job still running; `done`; `failed` (its credits given back when nothing was delivered);
 * `refused`: turned away before any upstream was called (no credits, rate limit, an invalid request).
 */
export const callStatuses = ['pending', 'done', 'failed', 'refused'] as const;
export type CallStatus = (typeof callStatuses)[number];

/** Shanghai calendar day, `YYYY-MM-DD`. */
export const shanghaiDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'must be a real calendar day',
    },
  );

/** The filters of the call log and its CSV export. */
export const callFilters = z.object({
  account_id: z.uuid('must be a member id').meta({ description: 'Only the calls of this member' }).optional(),
  kind: z
    .enum(callKinds, `must be one of ${callKinds.join(', ')}`)
    .meta({ description: `Only calls of this kind: ${callKinds.join(', ')}` })
    .optional(),
  status: z
    .enum(callStatuses, `must be one of ${callStatuses.join(', ')}`)
    .meta({ description: `Only calls with this status: ${callStatuses.join(', ')}` })
    .optional(),
  from: shanghaiDayField.meta({ description: 'First day (Asia/Shanghai), YYYY-MM-DD, included' }).optional(),
  to: shanghaiDayField.meta({ description: 'Last day (Asia/Shanghai), YYYY-MM-DD, included' }).optional(),
  q: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .meta({ description: 'A request id, call id or job id (exact), or text found in the model, prompt or error' })
    .optional(),
});
export type CallFilters = z.infer<typeof callFilters>;

/** Days the call log keeps its own rows (chat, readings); job kinds live as long as their jobs. */
export const CALL_LOG_RETENTION_DAYS = 90;
