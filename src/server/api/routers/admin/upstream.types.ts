import { z } from 'zod';
import { adapterKinds } from '@/contracts/upstreams';

/** The operator's views of upstream channels, their tests, attempts and orphaned video tasks. */

const d = (description: string) => ({ description });

export const operatorUpstream = z.object({
  name: z.string().meta(d('The channel name')),
  provider: z.string().meta(d('Who runs the upstream service')),
  adapter: z.string().meta(d(`The protocol spoken: ${adapterKinds.join(', ')}`)),
  media: z.array(z.string()).meta(d('What its models produce: image, video, chat, vision')),
  families: z.array(z.string()).meta(d('The model families and video tiers it serves')),
  simulated: z.boolean().meta(d('True for the bundled simulator: no real provider is called')),
  enabled: z.boolean().meta(d('False when an operator disabled it')),
  rating: z.number().meta(d('Manual rating 0-5')),
  state: z
    .enum(['active', 'disabled', 'removed', 'retired'])
    .meta(
      d(
        'active: routing uses it; disabled: by an operator; removed: automatically (unpaid account or invalid ' +
          'key) until a probe succeeds; retired: no longer configured',
      ),
    ),
  removed_reason: z
    .string()
    .nullable()
    .meta(d('Why it was removed automatically: unpaid or invalid_key; null when not removed')),
  removed_since: z.string().nullable().meta(d('When it was removed automatically (ISO 8601); null when not removed')),
  score: z.number().meta(d('Routing score 0-1: 0.45×success + 0.25×rating + 0.20×latency + 0.10×cost, times penalty')),
  weight: z.number().meta(d('Selection weight: score × smoothed success rate²')),
  selection_share: z
    .number()
    .meta(d('Share 0-1 of first choices among active channels of its media, from the weights; 0 when not active')),
  success_rate: z
    .number()
    .nullable()
    .meta(
      d(
        "Successful attempts / attempts over the last 24 hours, 0-1, the caller's own faults left out; null: no attempt",
      ),
    ),
  p95_ms: z
    .number()
    .nullable()
    .meta(d('95th-percentile attempt duration over the last 24 hours, in ms; null: no attempt')),
  attempts_24h: z.number().int().meta(d('Attempts in the last 24 hours')),
  recent_failures: z.number().int().meta(d('How many of its last 5 attempts failed')),
  components: z
    .object({
      success: z.number().meta(d('Smoothed success rate, 0-1')),
      rating: z.number().meta(d('Rating / 5, 0-1')),
      latency: z.number().meta(d('1 − p95 / soft time-out, 0-1 (neutral without history)')),
      cost: z.number().meta(d('Cheapest cost of its media / its cost, 0-1 (1 when free)')),
      penalty: z.number().meta(d('Multiplier 0-1 for recent failures; 1: none')),
    })
    .meta(d('The parts of the score')),
  explanation: z.string().meta(d('Why routing chooses or skips it, in words')),
  source: z.enum(['file', 'simulator', 'console', 'retired']).meta({
    description:
      'Where the definition comes from: the upstreams file, the bundled simulator, the console; retired: no longer used',
  }),
  editable: z
    .boolean()
    .meta({ description: 'True for console channels: upstream-upsert and upstream-remove change them' }),
  base_url: z.string().meta({ description: 'The address calls go to (the key is never shown)' }),
  soft_timeout_ms: z
    .number()
    .int()
    .meta(d('How long one attempt may wait for an answer before it ends as a timeout, in ms')),
  models: z
    .array(
      z.object({
        family: z.string().meta({ description: 'What callers ask for as `model`: a model family or video tier' }),
        model: z.string().meta({ description: "The provider's model id sent upstream" }),
        media: z.array(z.string()).meta(d('What the model produces: image, video, chat, vision')),
        cost_usd: z.number().meta({ description: 'Platform cost per image, request or video second (operator only)' }),
        capabilities: z
          .record(z.string(), z.unknown())
          .meta({ description: 'What the model can do, as the upstreams file writes it' }),
      }),
    )
    .meta({ description: 'Each model of the channel' }),
  updated_at: z.string().meta(d('When its definition last changed (ISO 8601)')),
});

export const channelTest = z.object({
  ok: z.boolean().meta({ description: 'True when the channel answered the test request' }),
  latency_ms: z.number().int().meta(d('How long the call took, in ms')),
  error_class: z
    .string()
    .nullable()
    .meta({
      description:
        'How the call failed, as routing classifies it (timeout, rate_limit, server_error, network, ' +
        'invalid_key, unpaid, bad_request, unsupported, bad_output); null on success',
    }),
  message: z.string().meta(d('The outcome in words: what succeeded, or the error the channel gave')),
  sample: z
    .string()
    .nullable()
    .meta({ description: 'A short description of the answer: the reply text, the image size, the task list' }),
  family: z.string().meta(d('The family of the model tested')),
  model: z.string().meta({ description: 'The provider model id tested' }),
  call: z.string().meta({ description: 'The request sent, in words' }),
});

export const attemptRow = z.object({
  channel: z.string().meta(d('The channel called')),
  family: z.string().meta(d('The model family or video tier asked for')),
  ref: z.string().nullable().meta(d('The job or request id it served; null: none was recorded')),
  started_at: z.string().meta(d('When the attempt started (ISO 8601)')),
  duration_ms: z.number().int().meta(d('How long it took, in ms')),
  ok: z.boolean().meta(d('True when it succeeded')),
  error_class: z
    .string()
    .nullable()
    .meta(
      d(
        'How it failed (timeout, rate_limit, server_error, network, invalid_key, unpaid, bad_request, ' +
          'unsupported, bad_output, invalid_input, refused); null on success',
      ),
    ),
  try_no: z.number().int().meta(d('1 for the first try on this channel, 2 and 3 for retries')),
  chain_pos: z.number().int().meta(d('Position of the channel in the fallback chain, from 1')),
  error_code: z
    .string()
    .nullable()
    .meta(d("The provider's own error code, verbatim (e.g. moderation_blocked); null when none")),
  detail: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta(
      d(
        'What operators need to read the attempt: the image size sent and the crop kept, a task failure message, a provider cost',
      ),
    ),
});

export const videoOrphanRow = z.object({
  job_id: z.uuid().meta(d('The video job (and task) id')),
  tenant_id: z.uuid().meta(d('The tenant that was refunded')),
  channel: z.string().nullable().meta(d('The channel the upstream task runs on; null when that channel is gone')),
  upstream_task_id: z.string().nullable().meta(d("The provider's task id")),
  upstream_state: z
    .string()
    .nullable()
    .meta(
      d(
        "The provider's last reported status: queued, running, succeeded, failed, cancelled, expired; " +
          'not_found when it no longer knows the task; unfollowed when Studio stopped following it (48 hours, ' +
          'or its channel is gone)',
      ),
    ),
  orphaned_at: z.string().meta(d('When the job ended while the upstream task went on (ISO 8601)')),
  ended: z
    .boolean()
    .meta(
      d(
        'True once the upstream task has ended; its cost is then in the attempt log (upstream-attempts, detail.provider_cost_usd)',
      ),
    ),
});
