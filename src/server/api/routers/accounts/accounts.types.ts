import { z } from 'zod';

const accountId = z.uuid('must be an account id (uuid)');
const credits = z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must not be negative');

export const accountActionSchemas = {
  create: z.strictObject({
    action: z.literal('create'),
    email: z.email('must be an email address').max(320),
    nickname: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    credits: credits.optional(),
    shared: z.boolean().optional(),
  }),
  'set-quota': z.strictObject({
    action: z.literal('set-quota'),
    account_id: accountId,
    shared: z.literal(true, 'must be true (to switch to the shared pool)').optional(),
    credits: credits.optional(),
  }),
  rekey: z.strictObject({ action: z.literal('rekey'), account_id: accountId }),
  toggle: z.strictObject({ action: z.literal('toggle'), account_id: accountId, disabled: z.boolean('must be true or false') }),
} as const;

export type AccountAction = keyof typeof accountActionSchemas;
export const accountActions = Object.keys(accountActionSchemas) as [AccountAction, ...AccountAction[]];

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

export const accountActionInput = z.looseObject({
  action: z.string().meta({ description: `One of: ${accountActions.join(', ')}` }),
  email: z.string().optional().meta({ description: 'create' }),
  nickname: z.string().optional().meta({ description: 'create' }),
  credits: z.number().optional().meta({ description: 'create, set-quota: dedicated credits (absolute)' }),
  shared: z.boolean().optional().meta({ description: 'create, set-quota: true = shared pool' }),
  account_id: z.string().optional().meta({ description: 'set-quota, rekey, toggle' }),
  disabled: z.boolean().optional().meta({ description: 'toggle' }),
});

export const accountActionOutput = z.object({
  ok: z.literal(true),
  action: z.string(),
  account: accountView
    .partial()
    .extend({ account_id: z.uuid() })
    .meta({ description: 'create: the whole account with api_key; other actions: the fields they changed' }),
  allocatable: z.number().int().optional().meta({ description: 'set-quota: allocatable tenant credits after the change' }),
});
export type AccountActionOutput = z.infer<typeof accountActionOutput>;
