import type { KeyKind } from '@/contracts/keys';

/** How long a spend cap's period lasts; each starts at midnight Asia/Shanghai (a week on Monday). */
export type SpendPeriod = 'day' | 'week' | 'month';

/** What a key may do (docs/security.md → Keys); an absent field restricts nothing. */
export interface KeyPolicy {
  /** The kinds of work the key may start (`image`, `video`, `chat`, `article`, `reading`, `image-to-template`). */
  kinds?: KeyKind[];
  /** After this moment (ISO 8601) the key answers 401. */
  expires_at?: string;
  /** CIDR ranges (IPv4 or IPv6) the client address must fall in. */
  allowed_ips?: string[];
  /** Requests per minute, counted for this key alone. */
  requests_per_minute?: number;
  /** The model families, channel names or video tiers requests may name (`auto` for none named). */
  models?: string[];
  /** The most of this key's jobs in flight (pending) plus open chat streams at once. */
  max_concurrent?: number;
  /** The most credits charged with this key per Shanghai calendar period. */
  spend_cap?: { credits: number; period: SpendPeriod };
}
