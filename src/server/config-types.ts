import type { TrustedProxies } from './net/trusted-proxies';
import type { RateLimits } from './domain/limits/settings';

/** The values of the enumerated settings (the environment schema in config.ts uses these lists). */
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const WORKER_MODES = ['inline', 'off'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The shape of Studio's settings, as `buildConfig` (src/server/config.ts) makes them from the environment. */

export interface Config {
  env: (typeof NODE_ENVS)[number];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * A connection for what needs a session of its own (LISTEN, the migration lock, pg_dump's snapshot):
   * DATABASE_DIRECT_URL when DATABASE_URL is a pooler in transaction mode, else DATABASE_URL.
   */
  databaseSessionUrl: string | undefined;
  /** True when DATABASE_URL is a pooler in transaction mode: no named prepared statements through it. */
  databasePooled: boolean;
  dataDir: string;
  secret: Buffer;
  /** Admin key from the environment; when unset the generated one lives in the database. */
  adminKey: string | undefined;
  /**
   * The key's sign-in to `/operator` in a browser (break-glass): `auto` only while no operator account
   * exists, `on` always, `off` never. The key keeps working for `/api/admin` whatever this says.
   */
  operatorKeySignIn: 'auto' | 'on' | 'off';
  publicBaseUrl: string;
  /** True when the public base URL is https: session cookies are Secure and pages send HSTS. */
  https: boolean;
  imageHost: string;
  /** Passkeys (WebAuthn): the origin browsers use them at and its host name, the relying party id. */
  passkeys: { origin: string; rpId: string };
  worker: (typeof WORKER_MODES)[number];
  /** Upstream definitions; when unset the bundled simulator is started and registered. */
  upstreamsFile: string | undefined;
  simPort: number;
  /** A simulator already running elsewhere (another container): used instead of starting one. */
  simUrl: string | null;
  /** Tests only: a file every answer under /api is appended to, checked against the OpenAPI document. */
  answerLog: string | null;
  /** How often the worker recomputes health scores and probes removed upstreams. */
  scoreIntervalMs: number;
  probeIntervalMs: number;
  /** Credits per image by quality, and per article written; see docs/api.md for the defaults. */
  prices: {
    image: { low: number; medium: number; high: number };
    article: number;
    /** One image reading (`/api/reverse`). */
    reverse: number;
    /** One image-to-template conversion; half of it is refunded when the text layers could not be read. */
    imageToTemplate: number;
    video: Record<string, number>;
    /** Credits per 1,000 tokens by chat family (`default` for the others), and the least one request costs. */
    chat: Record<string, ChatPrice>;
    chatMinimum: number;
  };
  /** USD value of one credit, used for `cost_usd` in callbacks. */
  creditUsd: number;
  /** CNY list price of one credit; a tenant's `markup` multiplies it for `charged_cny`. */
  creditCny: number;
  /** How long a claimed task stays a worker's without renewal: a crashed worker's tasks are taken over after it. */
  taskLeaseMs: number;
  workerConcurrency: number;
  imageRatePerHour: number;
  /** The named limits of writes and costly operations, per tenant and per member key (docs/api.md → Rate limits). */
  rateLimits: RateLimits;
  chat: {
    /** Requests per minute per key (shared by every instance); 0 turns the limit off. */
    ratePerMinute: number;
    /** Completion tokens reserved for a request without max_tokens (docs/api.md → Chat → Charging). */
    maxCompletionTokens: number;
    /** A comment line on a stream whose upstream has been silent this long. */
    heartbeatMs: number;
    /** Chat bodies carry images inline (data URLs), so their limit is their own. */
    maxBodyBytes: number;
    /** Exact charges are written in batches this often (docs/architecture.md → Chat holds). */
    settleMs: number;
    /** A process gives a wallet's hold back after this long without a chat request on it. */
    holdIdleMs: number;
  };
  images: {
    /** How long `POST /api/images/*` waits for its jobs before answering 504 `job_pending` (the jobs run on). */
    waitMs: number;
  };
  imageToTemplate: {
    /** A synchronous conversion that has not answered by then is a 504 (refunded); `async: true` has no such limit. */
    syncTimeoutMs: number;
    /** An asynchronous conversion without progress this long is failed by the watchdog and refunded. */
    watchdogMs: number;
  };
  video: {
    ratePerHour: number;
    /** The tier for a request without `model` and without a 1080p/768P/2K or > 15 s need. */
    defaultTier: string;
    /**
     * First status check after the upstream task is created, doubling up to `pollMaxMs`, while the tier's
     * render time on that upstream is not known yet (domain/videos/render-times.ts).
     */
    pollFirstMs: number;
    pollMaxMs: number;
    /** Status checks a worker runs at once, in a lane of their own beside `workerConcurrency`. */
    checkConcurrency: number;
    /** Largest result file accepted. */
    maxBytes: number;
    /** Seconds a task may stay in one state (queued or running) by tier; `default` for the others. */
    deadlinesS: Record<string, number>;
  };
  allowPrivateCallbacks: boolean;
  /** First retry delay of a failed callback; it doubles each attempt (capped at one hour). */
  callbackBackoffMs: number;
  callbackAttempts: number;
  maxBodyBytes: number;
  /**
   * A header set by the trusted edge with the caller's address (its last entry when it is a list);
   * null: the address of the connection. Sign-in throttling counts attempts per address.
   */
  clientIpHeader: string | null;
  /**
   * The proxies whose forwarded headers (`X-Forwarded-*`, `Forwarded`, `X-Real-IP`, the client-address
   * header) are believed; from any other connection they are removed (`STUDIO_TRUSTED_PROXIES`).
   */
  trustedProxies: TrustedProxies;
  demo: boolean;
  /**
   * How far past what its last full collection kept V8 lets the heap grow before collecting again,
   * in percent; 0 leaves V8's own choice (docs/performance.md → Memory).
   */
  heapGrowthPercent: number;
  /**
   * The same for the worker process (`npm run worker`): its objects live as long as their upstream
   * call, so a tight bound makes it collect far more often for little memory saved (docs/performance.md
   * → Jobs). The embedded mode's inline worker shares the web process and its setting.
   */
  workerHeapGrowthPercent: number;
  /** Graceful shutdown on SIGTERM (docs/operations.md → Shutdown). */
  drain: {
    /** The whole budget from the signal: requests in flight and tasks held get this long, then are cut or released. */
    ms: number;
    /** Part of `ms` during which a draining web process still accepts connections, answering /api/health 503. */
    delayMs: number;
  };
  /** A port serving Prometheus metrics without a key (the worker process's only way to expose them); null: off. */
  metricsPort: number | null;
  /** Whether a starting process applies pending migrations itself; off: it refuses to start until `npm run migrate` ran. */
  migrate: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  tracing: TracingSettings;
  /** An S3-compatible bucket for results and uploads; null keeps files in the data folder. */
  s3: S3Settings | null;
  /** The platform's OpenID provider for single sign-on (STUDIO_SSO_*); absent or null: none. */
  sso?: SsoSettings | null;
  mail: {
    /** SMTP server for outgoing mail; null keeps every mail in the outbox (shown in the operator console). */
    smtpUrl: string | null;
    /** The From of every mail (required with `smtpUrl`). */
    from: string | null;
    /** How long a password reset link works. */
    resetLinkTtlMs: number;
  };
  /** How long what grows is kept (docs/operations.md → Retention); the worker's prune tasks delete the rest. */
  retention: RetentionSettings;
  uploads: {
    ratePerHour: number;
    /** Below this size a presign answers `proxy` (`too_small`): one request is cheaper than three. */
    directMinBytes: number;
    directExpiresS: number;
    /** A header set by the trusted edge with the caller's country code; null: region not checked. */
    regionHeader: string | null;
    /** Country codes where direct upload is offered. */
    directRegions: string[];
  };
}

/** OpenTelemetry traces (src/server/tracing/tracing.ts): on when an OTLP endpoint is configured. */
export interface TracingSettings {
  enabled: boolean;
  /** OTEL_SERVICE_NAME; unset: studio-web or studio-worker by process. */
  serviceName: string | null;
}

export interface RetentionSettings {
  jobEventsMs: number;
  upstreamAttemptsMs: number;
  /** Mails sent, failed or passed on (their links already removed). */
  mailMs: number;
  /** Idempotency-Keys on jobs are forgotten after this (at least the 24 hours a key answers). */
  idempotencyMs: number;
  /** Days a finished job's result file is kept, 0: kept; by tenant id where a tenant has its own. */
  resultDays: number;
  resultDaysByTenant: Record<string, number>;
}

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Public address of the bucket's objects (a CDN or the bucket URL); `<base>/<key>`. */
  publicBaseUrl: string;
}

export interface ChatPrice {
  prompt_per_1k: number;
  completion_per_1k: number;
}
