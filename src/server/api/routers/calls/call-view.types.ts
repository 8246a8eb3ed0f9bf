import { z } from 'zod';
import { callKinds, callStatuses } from '@/contracts/calls';

/** One call as the log and its detail show it: who, what was asked, what it cost; never an upstream. */
export const callView = z.object({
  id: z.uuid().meta({ description: 'The call id: the job id for images, videos, articles and conversions' }),
  at: z.string().meta({ description: 'When the call was made (ISO 8601, UTC)' }),
  kind: z.enum(callKinds).meta({ description: `What was called: ${callKinds.join(', ')}` }),
  status: z.enum(callStatuses).meta({
    description:
      'pending (a job still running), done, failed (credits given back when nothing was delivered) or refused ' +
      '(turned away before any model was asked: no credits, rate limit, invalid request)',
  }),
  account_id: z.uuid().nullable().meta({ description: 'The member who made it; null for the tenant key or console' }),
  member: z.string().nullable().meta({ description: 'That member’s nickname' }),
  via: z
    .enum(['key', 'console'])
    .nullable()
    .meta({ description: 'key (an API key) or console (a signed-in session); null for jobs' }),
  model: z
    .string()
    .nullable()
    .meta({ description: 'The model family, video tier or auto asked for; null: none named' }),
  family: z.string().nullable().meta({ description: 'Chat: the model family that answered' }),
  tokens_in: z.number().int().nullable().meta({ description: 'Chat: prompt tokens (null where tokens do not apply)' }),
  tokens_out: z.number().int().nullable().meta({ description: 'Chat: completion tokens' }),
  credits: z.number().int().meta({ description: 'Credits charged' }),
  credits_refunded: z.number().int().meta({ description: 'Credits of that charge given back' }),
  latency_ms: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Milliseconds from the request to its end; null while pending' }),
  request_id: z.string().nullable().meta({ description: 'The X-Request-Id of the request' }),
  job_id: z.uuid().nullable().meta({ description: 'The job (GET /api/jobs/detail), for the kinds that are jobs' }),
  error_code: z.string().nullable().meta({ description: 'Why it failed or was refused, for programs' }),
  note: z.string().nullable().meta({ description: 'Why it failed, or how it ended, in words' }),
  text: z.string().nullable().meta({ description: 'The prompt or template of a job, when kept' }),
});
