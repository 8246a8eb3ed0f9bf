import { z } from 'zod';
import { route } from '@/server/api/meta';
import { keyPolicyOut } from '@/server/api/routers/keys/list-keys.types';

export const memberView = z.object({
  account_id: z.uuid().meta({ description: 'The member account id' }),
  email: z.string().meta({ description: 'Email address' }),
  nickname: z.string().meta({ description: 'Display name' }),
  api_key: z.string().meta({ description: 'The current key, in plain text' }),
  mode: z
    .enum(['shared', 'dedicated'])
    .meta({ description: '`shared`: spends the tenant pool; `dedicated`: spends its own reserved credits' }),
  shared: z.boolean().meta({ description: 'true in shared mode' }),
  credits: z.number().int().nullable().meta({ description: 'Dedicated credits left; null in shared mode' }),
  spent: z.number().int().meta({ description: "Credits this member's work has consumed" }),
  disabled: z.boolean().meta({ description: 'true: the key is refused' }),
  default_key_policy: keyPolicyOut.nullable().meta({
    description: 'The policy its keys without one of their own take whole (`PUT /api/tenant-key-defaults`); null: none',
  }),
  created_at: z.string().meta({ description: 'When the account was created (ISO 8601)' }),
});

export const listMembersInput = z.object({});
export const listMembersOutput = z.object({
  ok: z.literal(true),
  accounts: z.array(memberView).meta({ description: 'The member accounts, newest first' }),
});

export const listMembersMeta = route(
  'GET /tenant-accounts',
  'Members',
  "The tenant's member accounts, with their keys",
  {
    // The REST operation id predates the router key; it is part of the published API.
    operationId: 'accounts-list',
    description:
      'Every member account of your organisation, newest first: its key, whether it spends the tenant pool ' +
      '(`shared`) or its own dedicated credits, what it has spent and whether it is disabled. Tenant key or ' +
      'console of an organisation only.',
  },
);
