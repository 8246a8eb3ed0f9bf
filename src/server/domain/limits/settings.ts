/**
 * The named rate limits of operations that cost money or write state (docs/api.md → Rate limits):
 * their names, defaults and the `STUDIO_RATE_LIMITS` setting that changes them. Pure, so the
 * configuration can parse the setting before anything else is loaded.
 *
 * Image generation, video, chat and uploads keep their own settings (`STUDIO_IMAGE_RATE_PER_HOUR`,
 * `STUDIO_VIDEO_RATE_PER_HOUR`, `STUDIO_CHAT_RATE_PER_MINUTE`, `STUDIO_UPLOAD_RATE_PER_HOUR`).
 */

export const RATE_UNITS = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type RateUnit = keyof typeof RATE_UNITS;

/** At most `count` per `per`, refilled evenly; null: no limit. */
export interface Rate {
  count: number;
  per: RateUnit;
}

interface NamedLimit {
  /** How error texts and docs name what is counted: "at most 120 articles per hour". */
  what: string;
  /** What it covers, for the docs. */
  covers: string;
  /** Shared by the whole tenant: its key, its console and its members. */
  tenant: Rate;
  /** Each member account (its key or session) on its own, besides the tenant's. */
  key: Rate;
}

const perHour = (count: number): Rate => ({ count, per: 'hour' });

/**
 * Every named limit with its defaults. The defaults sit far above what the console does in normal
 * use, low enough that a runaway script is stopped within its first minutes.
 */
export const NAMED_LIMITS = {
  article: {
    what: 'articles',
    covers: 'POST /api/article',
    tenant: perHour(120),
    key: perHour(60),
  },
  reading: {
    what: 'image readings',
    covers: 'POST /api/reverse',
    tenant: perHour(120),
    key: perHour(60),
  },
  image_template: {
    what: 'image-to-template conversions',
    covers: 'POST /api/image-to-template',
    tenant: perHour(60),
    key: perHour(60),
  },
  claim: {
    what: 'claim codes',
    covers: 'POST /api/tenant-claims',
    tenant: perHour(120),
    key: perHour(120),
  },
  template: {
    what: 'template writes',
    covers: 'POST and PATCH /api/templates, /api/video-templates',
    tenant: perHour(120),
    key: perHour(120),
  },
  webhook_secret: {
    what: 'webhook secret rotations',
    covers: 'POST /api/webhook-secret',
    tenant: perHour(30),
    key: perHour(30),
  },
  webhook_delivery: {
    what: 'test deliveries and redeliveries of callbacks',
    covers: 'POST /api/webhook-deliveries/test, /api/webhook-deliveries/redeliver',
    tenant: perHour(120),
    key: perHour(120),
  },
  member_create: {
    what: 'member creations',
    covers: 'POST /api/tenant-accounts `create`',
    tenant: perHour(60),
    key: perHour(60),
  },
  member_write: {
    what: 'member changes',
    covers: 'POST /api/tenant-accounts `set-quota`, `toggle`',
    tenant: perHour(300),
    key: perHour(300),
  },
  key_rotation: {
    what: 'key rotations',
    covers: 'POST /api/tenant-accounts `rekey`',
    tenant: perHour(60),
    key: perHour(60),
  },
  key_create: {
    what: 'named key creations',
    covers: 'POST /api/tenant-keys',
    tenant: perHour(120),
    key: perHour(60),
  },
  pipeline: {
    what: 'pipeline writes',
    covers: 'POST, PATCH and DELETE /api/template-hooks',
    tenant: perHour(300),
    key: perHour(300),
  },
  video_remove: {
    what: 'video removals',
    covers: 'DELETE /api/videos',
    tenant: perHour(300),
    key: perHour(150),
  },
} as const satisfies Record<string, NamedLimit>;

export type LimitName = keyof typeof NAMED_LIMITS;
export const LIMIT_NAMES = Object.keys(NAMED_LIMITS) as LimitName[];

/** The limits in force: each name's tenant and per-key rate (null: off). */
export type RateLimits = Record<LimitName, { tenant: Rate | null; key: Rate | null }>;

export const defaultRateLimits = (): RateLimits =>
  Object.fromEntries(
    LIMIT_NAMES.map((n) => [n, { tenant: NAMED_LIMITS[n].tenant, key: NAMED_LIMITS[n].key }]),
  ) as RateLimits;

const isName = (name: string): name is LimitName => Object.hasOwn(NAMED_LIMITS, name);
const isUnit = (unit: string): unit is RateUnit => Object.hasOwn(RATE_UNITS, unit);

/**
 * Reads `STUDIO_RATE_LIMITS`: comma-separated `name=N/unit` (the tenant's bucket) or
 * `name.key=N/unit` (each member key's), unit `second`, `minute`, `hour` or `day`; `off` removes
 * that bucket. Names not given keep their defaults. Answers the limits, or the problems found.
 */
export function parseRateLimits(text: string): { limits: RateLimits } | { problems: string[] } {
  const limits = defaultRateLimits();
  const problems: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const m = /^([a-z_]+)(\.key)?\s*=\s*(?:(off)|(\d+)\s*\/\s*([a-z]+))$/.exec(entry);
    if (!m) {
      problems.push(`"${entry}": write name=N/unit, name.key=N/unit or name=off, e.g. article=600/hour`);
      continue;
    }
    const [, name = '', key, off, count, unit = ''] = m;
    if (!isName(name)) {
      problems.push(`"${name}" is not a limit; known: ${LIMIT_NAMES.join(', ')}`);
      continue;
    }
    let rate: Rate | null = null;
    if (!off) {
      const n = Number(count);
      if (!isUnit(unit)) {
        problems.push(`"${entry}": the unit must be second, minute, hour or day`);
        continue;
      }
      if (!Number.isSafeInteger(n) || n < 1 || n > 1_000_000) {
        problems.push(`"${entry}": the count must be a whole number from 1 to 1000000 (or write ${name}=off)`);
        continue;
      }
      rate = { count: n, per: unit };
    }
    limits[name][key ? 'key' : 'tenant'] = rate;
  }
  return problems.length ? { problems } : { limits };
}
