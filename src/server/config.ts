import type { ChatPrice, Config, S3Settings } from './config-types';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTrustedProxies } from './net/trusted-proxies';
import { ConfigError, parseEnv, type Env } from './config-env';

/**
 * Studio's configuration, built once from the environment (config-env.ts validates it): the one
 * door through which the rest of the server reads its settings.
 */
export { ConfigError, parseEnv, SETTING_NAMES, type Env } from './config-env';
export type { ChatPrice, Config, RetentionSettings, S3Settings, TracingSettings } from './config-types';

/** Reads a secret kept in the data folder, creating it the first time; safe when two processes race. */
function readOrCreateSecretFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const raw = readFileSync(file, 'utf8').trim();
  const buf = Buffer.from(raw, 'base64');
  if (buf.length !== 32) throw new ConfigError(`The secret in ${file} is damaged; restore it or set STUDIO_SECRET.`);
  return buf;
}

/** Credits per 1,000 tokens by chat family (docs/api.md → Chat); `default` prices a family not listed. */
export const DEFAULT_CHAT_PRICES: Record<string, ChatPrice> = {
  'chatmodel-1': { prompt_per_1k: 1, completion_per_1k: 2 },
  'chatmodel-lite': { prompt_per_1k: 0.5, completion_per_1k: 1 },
  default: { prompt_per_1k: 1, completion_per_1k: 2 },
};

/** Credits per second of video by tier (docs/api.md → Video); `default` prices a tier not listed. */
export const DEFAULT_VIDEO_PRICES: Record<string, number> = {
  'videomodel-2-0-mini-260801': 1,
  'videomodel-2-0-fast-260801': 2,
  'videomodel-2-0-pro-260801': 4,
  'videomodel-H3': 6,
  'videomodel-2-5-pro-260801': 8,
  default: 4,
};

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The origin passkeys are used at and its host name (the RP ID): a passkey is bound to that name. */
function passkeySite(address: string): { origin: string; rpId: string } {
  const url = new URL(address);
  return { origin: url.origin, rpId: url.hostname };
}

export function buildConfig(env: Env): Config {
  const dataDir = path.resolve(env.STUDIO_DATA_DIR);
  const secret = env.STUDIO_SECRET
    ? createHash('sha256').update(env.STUDIO_SECRET, 'utf8').digest()
    : readOrCreateSecretFile(dataDir);
  const localBase = `http://localhost:${env.PORT}`;
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? localBase).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseSessionUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
    databasePooled: env.DATABASE_DIRECT_URL !== undefined,
    dataDir,
    secret,
    adminKey: env.STUDIO_ADMIN_KEY,
    operatorKeySignIn: env.STUDIO_OPERATOR_KEY_SIGN_IN,
    publicBaseUrl,
    https: publicBaseUrl.startsWith('https://'),
    imageHost: (env.IMAGE_HOST ?? publicBaseUrl).replace(/\/+$/, ''),
    passkeys: passkeySite(env.STUDIO_PASSKEY_ORIGIN ?? publicBaseUrl),
    worker: env.STUDIO_WORKER,
    upstreamsFile: env.STUDIO_UPSTREAMS_FILE ? path.resolve(env.STUDIO_UPSTREAMS_FILE) : undefined,
    simPort: env.STUDIO_SIM_PORT,
    simUrl: env.STUDIO_SIM_URL?.replace(/\/+$/, '') ?? null,
    answerLog: env.STUDIO_ANSWER_LOG ? path.resolve(env.STUDIO_ANSWER_LOG) : null,
    scoreIntervalMs: env.STUDIO_SCORE_INTERVAL_MS,
    probeIntervalMs: env.STUDIO_PROBE_INTERVAL_MS,
    prices: {
      image: { low: 1, medium: 2, high: 4, ...env.STUDIO_PRICES?.image },
      article: env.STUDIO_PRICES?.article ?? 1,
      reverse: env.STUDIO_PRICES?.reverse ?? 2,
      imageToTemplate: env.STUDIO_PRICES?.image_to_template ?? 4,
      video: { ...DEFAULT_VIDEO_PRICES, ...env.STUDIO_PRICES?.video },
      chat: { ...DEFAULT_CHAT_PRICES, ...env.STUDIO_PRICES?.chat },
      chatMinimum: env.STUDIO_PRICES?.chat_minimum ?? 1,
    },
    creditUsd: env.STUDIO_CREDIT_USD,
    creditCny: env.STUDIO_CREDIT_CNY,
    workerConcurrency: env.STUDIO_WORKER_CONCURRENCY,
    taskLeaseMs: env.STUDIO_TASK_LEASE_MS,
    imageRatePerHour: env.STUDIO_IMAGE_RATE_PER_HOUR,
    rateLimits: env.STUDIO_RATE_LIMITS,
    chat: {
      ratePerMinute: env.STUDIO_CHAT_RATE_PER_MINUTE,
      maxCompletionTokens: env.STUDIO_CHAT_MAX_COMPLETION_TOKENS,
      heartbeatMs: env.STUDIO_CHAT_HEARTBEAT_MS,
      maxBodyBytes: env.STUDIO_CHAT_MAX_BODY_BYTES,
      settleMs: env.STUDIO_CHAT_SETTLE_MS,
      holdIdleMs: env.STUDIO_CHAT_HOLD_IDLE_MS,
    },
    images: { waitMs: env.STUDIO_IMAGES_WAIT_S * 1000 },
    imageToTemplate: {
      syncTimeoutMs: env.STUDIO_TEMPLATE_SYNC_TIMEOUT_MS,
      watchdogMs: env.STUDIO_TEMPLATE_WATCHDOG_MS,
    },
    video: {
      ratePerHour: env.STUDIO_VIDEO_RATE_PER_HOUR,
      defaultTier: env.STUDIO_VIDEO_DEFAULT_TIER,
      pollFirstMs: env.STUDIO_VIDEO_POLL_FIRST_MS,
      pollMaxMs: Math.max(env.STUDIO_VIDEO_POLL_MAX_MS, env.STUDIO_VIDEO_POLL_FIRST_MS),
      checkConcurrency: env.STUDIO_VIDEO_CHECK_CONCURRENCY,
      maxBytes: env.STUDIO_VIDEO_MAX_BYTES,
      deadlinesS: { default: 1200, 'videomodel-2-5-pro-260801': 2400, ...env.STUDIO_VIDEO_DEADLINES_S },
    },
    allowPrivateCallbacks: env.STUDIO_ALLOW_PRIVATE_CALLBACKS === '1',
    callbackBackoffMs: env.STUDIO_CALLBACK_BACKOFF_MS,
    callbackAttempts: env.STUDIO_CALLBACK_ATTEMPTS,
    maxBodyBytes: env.STUDIO_MAX_BODY_BYTES,
    clientIpHeader: env.STUDIO_CLIENT_IP_HEADER ?? null,
    // A client-address header is only set by a proxy: with one configured, proxies on this machine and
    // the private network are trusted unless the list says otherwise.
    trustedProxies:
      env.STUDIO_TRUSTED_PROXIES ?? (env.STUDIO_CLIENT_IP_HEADER ? parseTrustedProxies('loopback,private') : []),
    demo: env.STUDIO_DEMO === '1',
    heapGrowthPercent: env.STUDIO_HEAP_GROWTH_PERCENT,
    workerHeapGrowthPercent: env.STUDIO_WORKER_HEAP_GROWTH_PERCENT,
    drain: { ms: env.STUDIO_DRAIN_MS, delayMs: Math.min(env.STUDIO_DRAIN_DELAY_MS, env.STUDIO_DRAIN_MS) },
    metricsPort: env.STUDIO_METRICS_PORT ?? null,
    migrate: env.STUDIO_MIGRATE === 'on',
    logLevel: env.LOG_LEVEL,
    tracing: {
      enabled:
        env.OTEL_SDK_DISABLED !== 'true' &&
        (env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').some((name) => name.trim() === 'otlp') &&
        Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT),
      serviceName: env.OTEL_SERVICE_NAME ?? null,
    },
    s3: s3Settings(env),
    mail: mailSettings(env),
    sso: ssoSettings(env),
    retention: {
      jobEventsMs: env.STUDIO_JOB_EVENTS_RETENTION_HOURS * HOUR_MS,
      upstreamAttemptsMs: env.STUDIO_UPSTREAM_ATTEMPTS_RETENTION_DAYS * DAY_MS,
      mailMs: env.STUDIO_MAIL_RETENTION_DAYS * DAY_MS,
      idempotencyMs: env.STUDIO_IDEMPOTENCY_RETENTION_HOURS * HOUR_MS,
      resultDays: env.STUDIO_RESULT_RETENTION_DAYS,
      resultDaysByTenant: env.STUDIO_RESULT_RETENTION_TENANTS ?? {},
    },
    uploads: {
      ratePerHour: env.STUDIO_UPLOAD_RATE_PER_HOUR,
      directMinBytes: env.STUDIO_DIRECT_UPLOAD_MIN_BYTES,
      directExpiresS: env.STUDIO_DIRECT_UPLOAD_EXPIRES_S,
      regionHeader: env.STUDIO_REGION_HEADER ?? null,
      directRegions: env.STUDIO_DIRECT_UPLOAD_REGIONS,
    },
  };
}

function mailSettings(env: Env): Config['mail'] {
  if (env.STUDIO_SMTP_URL && !env.STUDIO_MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration:\n  STUDIO_MAIL_FROM: required with STUDIO_SMTP_URL, e.g. "Studio <no-reply@example.com>"',
    );
  }
  return {
    smtpUrl: env.STUDIO_SMTP_URL ?? null,
    from: env.STUDIO_MAIL_FROM ?? null,
    resetLinkTtlMs: env.STUDIO_RESET_LINK_TTL_MIN * 60_000,
  };
}

function ssoSettings(env: Env): Config['sso'] {
  const { STUDIO_SSO_ISSUER: issuer, STUDIO_SSO_CLIENT_ID: clientId, STUDIO_SSO_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return null;
  const missing = Object.entries({
    STUDIO_SSO_ISSUER: issuer,
    STUDIO_SSO_CLIENT_ID: clientId,
    STUDIO_SSO_CLIENT_SECRET: clientSecret,
  })
    .filter(([, v]) => !v)
    .map(([k]) => `  ${k}: required with the other STUDIO_SSO_* settings`);
  if (missing.length || !issuer || !clientId || !clientSecret)
    throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  return { issuer, clientId, clientSecret };
}

function s3Settings(env: Env): S3Settings | null {
  if (!env.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL'] as const).filter(
      (k) => env[k],
    );
    if (stray.length)
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`,
      );
    return null;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required with S3_BUCKET`).join('\n')}`,
    );
  const forcePathStyle = env.S3_FORCE_PATH_STYLE === '1';
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '');
  let publicBaseUrl = env.S3_PUBLIC_BASE_URL?.replace(/\/+$/, '');
  if (!publicBaseUrl) {
    if (endpoint) {
      const u = new URL(endpoint);
      publicBaseUrl = forcePathStyle ? `${endpoint}/${env.S3_BUCKET}` : `${u.protocol}//${env.S3_BUCKET}.${u.host}`;
    } else {
      publicBaseUrl = `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
    }
  }
  return {
    endpoint,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle,
    publicBaseUrl,
  };
}

const CONFIG_KEY = Symbol.for('studio.config');
type GlobalWithConfig = typeof globalThis & { [CONFIG_KEY]?: Config };

/** The process-wide configuration, read from process.env on first use. */
export function getConfig(): Config {
  const g = globalThis as GlobalWithConfig;
  g[CONFIG_KEY] ??= buildConfig(parseEnv(process.env));
  return g[CONFIG_KEY];
}

/**
 * Whether stack traces are mapped to the TypeScript sources (STUDIO_SOURCE_MAPS=1). Read before the
 * configuration is built, by src/server/lifecycle.ts.
 */
export const sourceMapsWanted = (): boolean => process.env.STUDIO_SOURCE_MAPS === '1';

/**
 * True in `next dev`. Next.js fixes NODE_ENV in the code it builds, so this is the build's mode,
 * whatever the environment of the running server says.
 */
export const isDevBuild = (): boolean => process.env.NODE_ENV === 'development';
