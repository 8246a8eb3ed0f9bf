import { LOG_LEVELS, NODE_ENVS, WORKER_MODES } from './config-types';
import { z } from 'zod';
import { parseTrustedProxies } from './net/trusted-proxies';
import { parseRateLimits } from './domain/limits/settings';

/**
 * Every environment variable Studio reads, validated once; config.ts builds the configuration from
 * it, and nothing else reads process.env. A bad value stops start-up with a message that names the variable.
 */

/** An optional setting: blank counts as unset (`FOO=` in an env file means "not set"), anything else must pass `inner`. */
function optionalSetting<T extends z.ZodType<unknown, string>>(inner: T) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(inner.optional());
}

/** An optional JSON setting: blank counts as unset; text that is not JSON is refused with an example. */
const chatPriceSchema = z.strictObject({
  prompt_per_1k: z.number().min(0).max(1_000_000),
  completion_per_1k: z.number().min(0).max(1_000_000),
});

function jsonSetting(example: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be JSON, e.g. ${example}` });
        return z.NEVER;
      }
    });
}

const optionalUrl = optionalSetting(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));

const envSchema = z.object({
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalSetting(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  /**
   * PostgreSQL itself when DATABASE_URL is a connection pooler in transaction mode (PgBouncer): Studio
   * then sends no named prepared statements through DATABASE_URL, and listens for notifications,
   * takes the migration lock and dumps backups over this one (docs/operations.md → Connection pooling).
   */
  DATABASE_DIRECT_URL: optionalSetting(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  STUDIO_DATA_DIR: z.string().trim().min(1).default('./.data'),
  STUDIO_SECRET: optionalSetting(z.string().min(32, 'must be at least 32 characters')),
  STUDIO_ADMIN_KEY: optionalSetting(
    z
      .string()
      .regex(
        /^sk-studio-[A-Za-z0-9_-]{24,}$/,
        'must start with sk-studio- followed by at least 24 letters, digits, - or _',
      ),
  ),
  /** The super-administrator key's sign-in in the browser: `auto` while no operator account exists, `on`, `off`. */
  STUDIO_OPERATOR_KEY_SIGN_IN: z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }).default('auto'),
  PUBLIC_BASE_URL: optionalUrl,
  IMAGE_HOST: optionalUrl,
  /** Where browsers use passkeys, when not at PUBLIC_BASE_URL: its host name is the WebAuthn RP ID. */
  STUDIO_PASSKEY_ORIGIN: optionalUrl,
  STUDIO_WORKER: z.enum(WORKER_MODES).default('inline'),
  STUDIO_UPSTREAMS_FILE: optionalSetting(z.string()),
  STUDIO_SIM_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  STUDIO_SIM_URL: optionalUrl,
  STUDIO_PRICES: jsonSetting('{"image":{"low":1,"medium":2,"high":4}}').pipe(
    z
      .strictObject({
        image: z
          .strictObject({
            low: z.number().int().min(0),
            medium: z.number().int().min(0),
            high: z.number().int().min(0),
          })
          .partial()
          .optional(),
        article: z.number().int().min(0).optional(),
        /** An image reading (`/api/reverse`). */
        reverse: z.number().int().min(0).optional(),
        /** One image-to-template conversion (`/api/image-to-template`: a reading and the text layers). */
        image_to_template: z.number().int().min(0).optional(),
        /** Credits per second of video, by tier; `default` for a tier not listed. */
        video: z.record(z.string().min(1), z.number().int().min(0)).optional(),
        /** Chat: credits per 1,000 prompt and completion tokens, by model family; `default` for a family not listed. */
        chat: z.record(z.string().min(1), chatPriceSchema).optional(),
        /** The least a chat request costs, in credits. */
        chat_minimum: z.number().int().min(0).optional(),
      })
      .optional(),
  ),
  STUDIO_CREDIT_USD: z.coerce.number().min(0).default(0.01),
  STUDIO_CREDIT_CNY: z.coerce.number().min(0).default(0.1),
  STUDIO_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(500),
  STUDIO_TASK_LEASE_MS: z.coerce.number().int().min(3_000).max(3_600_000).default(60_000),
  STUDIO_IMAGE_RATE_PER_HOUR: z.coerce.number().int().min(1).default(120),
  STUDIO_VIDEO_RATE_PER_HOUR: z.coerce.number().int().min(1).default(60),
  STUDIO_CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  STUDIO_CHAT_MAX_COMPLETION_TOKENS: z.coerce.number().int().min(16).max(1_000_000).default(4_096),
  STUDIO_CHAT_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  STUDIO_CHAT_SETTLE_MS: z.coerce.number().int().min(0).max(1_000).default(10),
  STUDIO_CHAT_HOLD_IDLE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  STUDIO_IMAGES_WAIT_S: z.coerce.number().int().min(1).max(3_600).default(120),
  STUDIO_TEMPLATE_SYNC_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(40_000),
  STUDIO_TEMPLATE_WATCHDOG_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  STUDIO_CHAT_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  STUDIO_VIDEO_DEFAULT_TIER: z.string().trim().min(1).default('videomodel-2-0-fast-260801'),
  STUDIO_VIDEO_POLL_FIRST_MS: z.coerce.number().int().min(10).default(5_000),
  STUDIO_VIDEO_POLL_MAX_MS: z.coerce.number().int().min(10).default(30_000),
  STUDIO_VIDEO_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(100),
  STUDIO_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 * 1024),
  STUDIO_VIDEO_DEADLINES_S: jsonSetting('{"default":1200,"videomodel-2-5-pro-260801":2400}').pipe(
    z.record(z.string().min(1), z.number().positive()).optional(),
  ),
  STUDIO_ALLOW_PRIVATE_CALLBACKS: z.enum(['0', '1']).default('0'),
  STUDIO_CALLBACK_BACKOFF_MS: z.coerce.number().int().min(10).default(10_000),
  STUDIO_CALLBACK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(12),
  STUDIO_SCORE_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  STUDIO_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  STUDIO_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  STUDIO_DEMO: z.enum(['0', '1']).default('1'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalSetting(z.string()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalSetting(z.string()),
  S3_SECRET_ACCESS_KEY: optionalSetting(z.string()),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  S3_PUBLIC_BASE_URL: optionalUrl,
  STUDIO_UPLOAD_RATE_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /** The named limits (src/server/domain/limits/settings.ts): `article=600/hour,reading.key=30/hour,...`. */
  STUDIO_RATE_LIMITS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseRateLimits(v ?? '');
      if ('limits' in parsed) return parsed.limits;
      for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),
  STUDIO_DIRECT_UPLOAD_MIN_BYTES: z.coerce.number().int().min(0).default(1_048_576),
  STUDIO_DIRECT_UPLOAD_EXPIRES_S: z.coerce.number().int().min(30).max(3600).default(300),
  STUDIO_REGION_HEADER: optionalSetting(z.string().toLowerCase()),
  STUDIO_CLIENT_IP_HEADER: optionalSetting(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, 'must be a header name, e.g. x-forwarded-for'),
  ),
  STUDIO_TRUSTED_PROXIES: optionalSetting(
    z.string().transform((v, ctx) => {
      try {
        return parseTrustedProxies(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
  ),
  STUDIO_DIRECT_UPLOAD_REGIONS: z
    .string()
    .trim()
    .default('CN')
    .transform((v) =>
      v
        .split(',')
        .map((r) => r.trim().toUpperCase())
        .filter(Boolean),
    ),
  STUDIO_HEAP_GROWTH_PERCENT: z.coerce
    .number()
    .int('must be a whole number of percent')
    .min(0)
    .max(300, 'must be between 0 and 300 (0 leaves V8 its own)')
    .default(50),
  STUDIO_WORKER_HEAP_GROWTH_PERCENT: z.coerce
    .number()
    .int('must be a whole number of percent')
    .min(0)
    .max(300, 'must be between 0 and 300 (0 leaves V8 its own)')
    .default(200),
  STUDIO_DRAIN_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(600_000, 'must be at most 600000 (10 minutes)')
    .default(25_000),
  STUDIO_DRAIN_DELAY_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(120_000, 'must be at most 120000')
    .default(0),
  STUDIO_METRICS_PORT: optionalSetting(
    z.coerce
      .number<string>({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535'),
  ),
  STUDIO_MIGRATE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** Retention of what grows (docs/operations.md → Retention); the worker prunes past these. */
  STUDIO_JOB_EVENTS_RETENTION_HOURS: z.coerce.number().int('must be a whole number of hours').min(1).default(24),
  STUDIO_UPSTREAM_ATTEMPTS_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1).default(400),
  STUDIO_MAIL_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1).default(30),
  STUDIO_IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(24, 'must be at least 24 (a key answers its first request for 24 hours)')
    .default(48),
  /** Days a finished job's result file is kept; 0 keeps them. Per tenant: STUDIO_RESULT_RETENTION_TENANTS. */
  STUDIO_RESULT_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(0).default(0),
  STUDIO_RESULT_RETENTION_TENANTS: jsonSetting('{"0b7f6a52-5d1e-4c7a-9a43-2f1c9e8d7b10":30}').pipe(
    z.record(z.uuid('keys must be tenant ids (uuid)'), z.number().int().min(0)).optional(),
  ),
  /** Read by src/server/lifecycle.ts before the configuration; listed here so a bad value stops start-up. */
  STUDIO_SMTP_URL: optionalSetting(
    z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465'),
  ),
  STUDIO_MAIL_FROM: optionalSetting(z.string().max(300)),
  /** The platform's OpenID provider, used by tenants whose single sign-on names no provider of its own. */
  STUDIO_SSO_ISSUER: optionalSetting(
    z.url({ error: "must be the provider's issuer URL, e.g. https://id.example.com" }),
  ),
  STUDIO_SSO_CLIENT_ID: optionalSetting(z.string().max(300)),
  STUDIO_SSO_CLIENT_SECRET: optionalSetting(z.string().max(1000)),
  STUDIO_RESET_LINK_TTL_MIN: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  STUDIO_SOURCE_MAPS: z.enum(['0', '1']).default('0'),
  STUDIO_ANSWER_LOG: optionalSetting(z.string()),
  /** Read by scripts/ensure-build.ts before the configuration; listed here so a bad value stops start-up. */
  STUDIO_BUILD: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * OpenTelemetry's standard variables (docs/operations.md → Traces): traces are exported over OTLP/HTTP
   * when an endpoint is set, unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER leaves out otlp. The
   * exporter reads the rest of OTEL_EXPORTER_OTLP_* itself (headers, protocol, time-out).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
  OTEL_TRACES_EXPORTER: optionalSetting(z.string().trim()),
  OTEL_SDK_DISABLED: optionalSetting(z.enum(['true', 'false'], { error: 'must be true or false' })),
  OTEL_SERVICE_NAME: optionalSetting(z.string().trim().min(1)),
});

export type Env = z.infer<typeof envSchema>;
/** Every environment variable Studio's web and worker processes read (deployment files are checked against it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.DATABASE_DIRECT_URL && !result.data.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: set only with DATABASE_URL (the pooler it goes around)',
    );
  }
  return result.data;
}
