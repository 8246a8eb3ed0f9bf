import { z } from 'zod';
import { keyKinds, spendPeriods } from '@/contracts/keys';
import { KEY_LIST_ERRORS } from '@/server/domain/keys/named-keys';
import { route } from '@/server/api/meta';

export const keyPolicyOut = z
  .object({
    kinds: z.array(z.enum(keyKinds)).optional().meta({ description: 'The kinds of work allowed; absent: every kind' }),
    expires_at: z.string().optional().meta({ description: 'When the key stops working (ISO 8601, UTC)' }),
    allowed_ips: z.array(z.string()).optional().meta({ description: 'The address ranges it is accepted from' }),
    requests_per_minute: z.number().int().optional().meta({ description: 'Its own rate' }),
    models: z
      .array(z.string())
      .optional()
      .meta({ description: 'The model families, channels or video tiers requests may name; absent: every model' }),
    max_concurrent: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The most jobs in progress plus open chat streams at once' }),
    spend_cap: z
      .object({
        credits: z.number().int().meta({ description: 'The most credits per period' }),
        period: z.enum(spendPeriods).meta({ description: 'day, week (from Monday) or month, Asia/Shanghai' }),
      })
      .optional()
      .meta({ description: 'Credits charged with the key per period' }),
  })
  .meta({ description: 'The key’s policy' });

export const keyOut = z.object({
  id: z.uuid().meta({ description: 'Key id' }),
  label: z.string().nullable().meta({ description: 'Its label; null for a primary key' }),
  primary: z
    .boolean()
    .meta({ description: 'true: the account’s primary key (`api_key`, replaced by a rekey); false: a named key' }),
  account_id: z.uuid().nullable().meta({ description: 'The member account it belongs to; null: the tenant’s own' }),
  hint: z
    .string()
    .nullable()
    .meta({ description: '`sk-studio-…` and its last four characters; null for a primary key' }),
  policy: keyPolicyOut.nullable().meta({ description: 'Its policy; null: none (only the tenant’s limits)' }),
  created_at: z.string().meta({ description: 'When it was made (ISO 8601)' }),
  last_used_at: z
    .string()
    .nullable()
    .meta({ description: 'When it was last used (ISO 8601; recorded at most once a minute); null: never' }),
  last_used_from: z.string().nullable().meta({ description: 'The client address of that use' }),
});

export const listKeysOutput = z.object({
  ok: z.literal(true),
  keys: z.array(keyOut).meta({ description: 'Live keys, primary keys first, then newest first' }),
});

export const listKeysMeta = route('GET /tenant-keys', 'Members', 'List keys', {
  errors: KEY_LIST_ERRORS,
  description:
    'The live keys you manage: a tenant its own and its members’ (`account_id` narrows to one member), a member ' +
    'its own. Never the key itself: named keys show a hint, primary keys are read from `GET /api/tenant-accounts`. ' +
    'With the primary key or the console only (a named key gets 403).',
});
