import { z } from 'zod';
import { adapterKinds, channelNameSchema, upstreamModelSchema, type AdapterKind } from '@/contracts/upstreams';

export {
  adapterKinds,
  capabilitiesSchema,
  mediaKinds,
  upstreamModelSchema,
  type AdapterKind,
  type Capabilities,
  type Media,
  type UpstreamModel,
} from '@/contracts/upstreams';

/** One channel as operators configure it in STUDIO_UPSTREAMS_FILE. */
export const upstreamConfigSchema = z.strictObject({
  /** Channel name: an operator-chosen handle that callers may pass as `model`. Keep provider names out of it. */
  name: channelNameSchema,
  /** The provider behind it; for operators and the `provider` troubleshooting parameter only. */
  provider: z.string().min(1),
  adapter: z.enum(adapterKinds),
  base_url: z.url({ protocol: /^https?$/ }),
  api_key: z.string().min(1),
  soft_timeout_ms: z.number().int().positive().default(60_000),
  /** Initial manual rating 0-5; operators change it later with upstream-update. */
  rating: z.number().min(0).max(5).default(3),
  enabled: z.boolean().default(true),
  models: z.array(upstreamModelSchema).min(1),
});
export type UpstreamConfig = z.infer<typeof upstreamConfigSchema>;

export const upstreamsFileSchema = z.strictObject({ upstreams: z.array(upstreamConfigSchema) });

/** How an upstream call failed, decided from status codes and structured error codes, never message text. */
export const errorClasses = [
  'timeout',
  'rate_limit',
  'server_error',
  'network',
  'invalid_key',
  'unpaid',
  'bad_request',
  'unsupported',
  'bad_output',
  'invalid_input',
  'refused',
] as const;
export type ErrorClass = (typeof errorClasses)[number];

/**
 * The caller's input itself is at fault: an image that does not decode (`invalid_input`), or content
 * the provider's moderation refused (`refused`). Another upstream would refuse it too, so routing
 * stops at once, and the attempt does not count against the upstream's health.
 */
export const CALLER_FAULT: ReadonlySet<ErrorClass> = new Set(['invalid_input', 'refused']);

/** Retried on the same upstream (at most twice); anything else moves down the fallback chain. */
export const TRANSIENT: ReadonlySet<ErrorClass> = new Set(['timeout', 'rate_limit']);
/** Retried once on the same upstream after a short back-off (a provider's passing 5xx), then the chain moves on. */
export const RETRIED_ONCE: ReadonlySet<ErrorClass> = new Set(['server_error']);
/** Takes the upstream out of rotation until a probe succeeds. */
export const REMOVING: ReadonlySet<ErrorClass> = new Set(['invalid_key', 'unpaid']);

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly errorClass: ErrorClass;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  /** The provider's own error code, verbatim, for the attempt log (never shown to callers). */
  readonly code: string | undefined;

  constructor(
    errorClass: ErrorClass,
    message: string,
    opts: { status?: number; retryAfterMs?: number; cause?: unknown; code?: string | undefined } = {},
  ) {
    super(message, { cause: opts.cause });
    this.errorClass = errorClass;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
    this.code = opts.code;
  }
}

/** What an adapter needs to reach one model of one channel. */
export interface Target {
  channel: string;
  adapter: AdapterKind;
  baseUrl: string;
  apiKey: string;
  model: string;
  softTimeoutMs: number;
}
