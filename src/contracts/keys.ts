import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The kinds of work a named key's policy can allow, as requests name them. */
export const keyKinds = ['image', 'video', 'chat', 'article', 'reading', 'image-to-template'] as const;
export type KeyKind = (typeof keyKinds)[number];

/** The periods of a key's spend cap, each starting at midnight Asia/Shanghai (a week on Monday). */
export const spendPeriods = ['day', 'week', 'month'] as const;

/** The most live named keys one owner (the tenant, or one member) may hold. */
export const MAX_NAMED_KEYS = 50;

const cidr = z
  .string()
  .trim()
  .refine((v) => ipaddr.isValidCIDR(v) || ipaddr.isValid(v), 'must be an IPv4 or IPv6 address or CIDR range')
  .meta({ description: 'An address or CIDR range, IPv4 or IPv6 (`203.0.113.0/24`, `2001:db8::/48`)' });

/** A key's policy: every field optional; an absent one restricts nothing. */
export const keyPolicySchema = z
  .strictObject({
    kinds: z
      .array(z.enum(keyKinds))
      .min(1, 'list at least one kind, or leave the field out to allow every kind')
      .refine((v) => new Set(v).size === v.length, 'must not repeat a kind')
      .optional()
      .meta({ description: `The kinds of work the key may start: ${keyKinds.join(', ')}; absent: every kind` }),
    expires_at: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 time with its offset, e.g. 2026-12-31T23:59:59+08:00' })
      .optional()
      .meta({ description: 'After this moment the key answers 401; absent: it never expires' }),
    allowed_ips: z
      .array(cidr)
      .min(1, 'list at least one range, or leave the field out to allow every address')
      .max(50, 'at most 50 ranges')
      .optional()
      .meta({
        description:
          'The client addresses the key is accepted from (as Studio reads them: the configured client-address header, else the connection); absent: any',
      }),
    requests_per_minute: z
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .optional()
      .meta({
        description: 'Requests per minute with this key, on every instance together; absent: only the tenant’s limits',
      }),
    models: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(100, 'must be at most 100 characters')
          .regex(/^[A-Za-z0-9._:/-]+$/, 'must be a model name as requests give it (letters, digits, . _ : / -)'),
      )
      .min(1, 'list at least one model name, or leave the field out to allow every model')
      .max(50, 'at most 50 model names')
      .refine((v) => new Set(v).size === v.length, 'must not repeat a model name')
      .optional()
      .meta({
        description:
          'The `model` values requests may name: model families or channel names for images and chat, ' +
          'tiers for video (`auto` stands for a request that names none); absent: every model',
      }),
    max_concurrent: z
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .optional()
      .meta({
        description:
          'The most of this key’s jobs in progress plus open chat streams at once, on every instance together; absent: no such limit',
      }),
    spend_cap: z
      .strictObject({
        credits: z
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(1_000_000_000, 'must be at most 1000000000')
          .meta({ description: 'The most credits charged with this key per period' }),
        period: z
          .enum(spendPeriods, `must be one of ${spendPeriods.join(', ')}`)
          .meta({ description: 'day, week (from Monday) or month, on the Asia/Shanghai calendar' }),
      })
      .optional()
      .meta({
        description:
          'Credits charged with this key per Shanghai calendar day, week or month, refunds given back; absent: only the wallet’s balance',
      }),
  })
  .meta({ description: 'What the key may do; every field optional, an absent field restricts nothing' });

export type KeyPolicyInput = z.infer<typeof keyPolicySchema>;

export const keyLabel = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .meta({ description: 'What the key is for, e.g. "CI pipeline" (1-80 characters)' });

export const keyCreateSchema = z.strictObject({
  label: keyLabel,
  account_id: z
    .uuid('must be an account id (uuid)')
    .optional()
    .meta({ description: 'A member account of the tenant (tenant callers); absent: a key of the caller itself' }),
  policy: keyPolicySchema.optional(),
});

export const keyListSchema = z.object({
  account_id: z
    .uuid('must be an account id (uuid)')
    .meta({ description: 'Only the keys of this member account (tenant callers)' })
    .optional(),
});

export const keyRevokeSchema = z.object({
  id: z.uuid('must be a key id (uuid)').meta({ description: 'The named key to revoke' }),
});

export const keyUpdateSchema = z.strictObject({
  id: z.uuid('must be a key id (uuid)').meta({ description: 'The key to change: a named key or a primary key' }),
  label: keyLabel.optional().meta({ description: 'A new label (named keys only); absent: unchanged' }),
  policy: keyPolicySchema
    .nullable()
    .optional()
    .meta({ description: 'The new policy, replacing the old one whole; null: none; absent: unchanged' }),
});

export const memberKeyPolicySchema = z.strictObject({
  account_id: z.uuid('must be an account id (uuid)').meta({ description: 'A member account of your tenant' }),
  policy: keyPolicySchema.nullable().meta({
    description:
      'The default policy of the member’s keys that have none of their own (applied whole); null: no default',
  }),
});
