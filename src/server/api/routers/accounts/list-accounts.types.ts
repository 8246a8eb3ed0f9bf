import { z } from 'zod';
import { route } from '../../meta';

export const accountView = z.object({
  account_id: z.uuid(),
  email: z.string(),
  nickname: z.string(),
  api_key: z.string().meta({ description: 'The current key, in plain text' }),
  mode: z.enum(['shared', 'dedicated']),
  shared: z.boolean(),
  credits: z.number().int().nullable().meta({ description: 'Dedicated credits left; null in shared mode' }),
  spent: z.number().int().meta({ description: "Credits this member's work has consumed" }),
  disabled: z.boolean(),
  created_at: z.string(),
});

export const listAccountsInput = z.object({});
export const listAccountsOutput = z.object({ ok: z.literal(true), accounts: z.array(accountView) });

export const listAccountsMeta = route('GET /tenant-accounts', 'Members', "The tenant's member accounts, with their keys", {
  description:
    'Every member account of your organisation, newest first: its key, whether it spends the tenant pool (`shared`) or its own dedicated credits, what it has spent and whether it is disabled. Tenant key or console of an organisation only.',
});
