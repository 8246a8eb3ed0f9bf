import { z } from 'zod';
import { skillUpsertSchema } from '../../../domain/skills/skills';
import { tenantOut } from '../../schemas';
import { skillOut } from '../skills';

const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const credits = z.number({ error: 'must be a whole number' }).int('must be a whole number');

/** Per-action bodies; the procedure input below only documents their union for OpenAPI. */
export const actionSchemas = {
  'tenant-create': z.strictObject({
    action: z.literal('tenant-create'),
    name,
    credits: credits.min(0, 'must not be negative').default(0),
    quota_monthly: credits.min(0, 'must not be negative').default(0),
    admin_email: z.email('must be an email address').optional(),
    admin_password: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  }),
  'tenant-list': z.strictObject({ action: z.literal('tenant-list') }),
  'tenant-credit': z.strictObject({
    action: z.literal('tenant-credit'),
    tenant_id: z.uuid('must be a tenant id (uuid)'),
    credits: credits.refine((n) => n !== 0, 'must not be 0'),
    note: z.string().max(500).optional(),
  }),
  'tenant-rekey': z.strictObject({ action: z.literal('tenant-rekey'), tenant_id: z.uuid('must be a tenant id (uuid)') }),
  'tenant-bind': z.strictObject({
    action: z.literal('tenant-bind'),
    tenant_id: z.uuid('must be a tenant id (uuid)'),
    model: z.string().min(1, 'must not be empty').nullable(),
  }),
  'upstream-list': z.strictObject({ action: z.literal('upstream-list') }),
  'upstream-update': z
    .strictObject({
      action: z.literal('upstream-update'),
      name: z.string().min(1),
      enabled: z.boolean().optional(),
      rating: z.number().min(0, 'must be between 0 and 5').max(5, 'must be between 0 and 5').optional(),
    })
    .refine((b) => b.enabled !== undefined || b.rating !== undefined, 'give enabled, rating or both'),
  'tenant-markup': z.strictObject({
    action: z.literal('tenant-markup'),
    tenant_id: z.uuid('must be a tenant id (uuid)'),
    markup: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(100, 'must be at most 100'),
  }),
  'social-claim-disable': z.strictObject({ action: z.literal('social-claim-disable'), code: z.string().min(1, 'give the claim code').max(64) }),
  'skill-list': z.strictObject({ action: z.literal('skill-list') }),
  'skill-upsert': skillUpsertSchema.extend({ action: z.literal('skill-upsert') }),
  'upstream-attempts': z.strictObject({
    action: z.literal('upstream-attempts'),
    ref: z.string().min(1).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  }),
} as const;

export type AdminAction = keyof typeof actionSchemas;
export const adminActions = Object.keys(actionSchemas) as [AdminAction, ...AdminAction[]];

export const adminInput = z
  .looseObject({
    action: z.string().meta({ description: `One of: ${adminActions.join(', ')}` }),
    name: z.string().optional().meta({ description: 'tenant-create' }),
    credits: z.number().optional().meta({ description: 'tenant-create: opening credits; tenant-credit: signed delta' }),
    quota_monthly: z.number().optional().meta({ description: 'tenant-create' }),
    admin_email: z.string().optional().meta({ description: 'tenant-create: console login' }),
    admin_password: z.string().optional().meta({ description: 'tenant-create: console password (8+ characters)' }),
    tenant_id: z.string().optional().meta({ description: 'tenant-credit, tenant-rekey' }),
    note: z.string().optional().meta({ description: 'tenant-credit: reason, kept in the ledger' }),
    model: z.string().nullable().optional().meta({ description: 'tenant-bind: a model family or channel name; null unbinds' }),
    enabled: z.boolean().optional().meta({ description: 'upstream-update' }),
    rating: z.number().optional().meta({ description: 'upstream-update: manual rating 0-5' }),
    ref: z.string().optional().meta({ description: 'upstream-attempts: a job or request id' }),
    limit: z.number().optional().meta({ description: 'upstream-attempts: rows, at most 1000' }),
    code: z.string().optional().meta({ description: 'social-claim-disable: the claim code' }),
    markup: z.number().optional().meta({ description: 'tenant-markup: multiplier of the CNY price of a credit (default 1)' }),
    slug: z.string().optional().meta({ description: 'skill-upsert: the skill to create or replace' }),
    prompt: z.string().optional().meta({ description: 'skill-upsert: the recipe, never shown to tenants; one-sentence skills use {input}' }),
  })
  .meta({ description: 'An operator action and its parameters' });

export const operatorUpstream = z.object({
  name: z.string(),
  provider: z.string(),
  adapter: z.string(),
  media: z.array(z.string()),
  families: z.array(z.string()),
  simulated: z.boolean(),
  enabled: z.boolean(),
  rating: z.number(),
  state: z.enum(['active', 'disabled', 'removed', 'retired']),
  removed_reason: z.string().nullable(),
  removed_since: z.string().nullable(),
  score: z.number(),
  weight: z.number(),
  selection_share: z.number(),
  success_rate: z.number().nullable(),
  p95_ms: z.number().nullable(),
  attempts_24h: z.number().int(),
  recent_failures: z.number().int(),
  components: z.object({ success: z.number(), rating: z.number(), latency: z.number(), cost: z.number(), penalty: z.number() }),
  explanation: z.string(),
});

export const attemptRow = z.object({
  channel: z.string(),
  family: z.string(),
  ref: z.string().nullable(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  ok: z.boolean(),
  error_class: z.string().nullable(),
  try_no: z.number().int(),
  chain_pos: z.number().int(),
});

export const adminOutput = z.object({
  ok: z.literal(true),
  action: z.string(),
  tenant: tenantOut.optional(),
  tenants: z.array(tenantOut.extend({ members: z.number().int() })).optional(),
  api_key: z.string().optional().meta({ description: 'tenant-create, tenant-rekey: the new tenant key' }),
  credits: z.number().int().optional().meta({ description: "tenant-credit: the tenant's allocatable credits after the change" }),
  markup: z.number().optional().meta({ description: 'tenant-markup: the markup now in force' }),
  claim: z
    .object({ code: z.string(), state: z.string(), credits_returned: z.number().int() })
    .optional()
    .meta({ description: 'social-claim-disable: the code now; an unredeemed code returns its credits to the tenant' }),
  bound_model: z.string().nullable().optional().meta({ description: 'tenant-bind: the binding now in force' }),
  upstreams: z.array(operatorUpstream).optional().meta({ description: 'upstream-list: every channel with its live health' }),
  upstream: operatorUpstream.optional().meta({ description: 'upstream-update: the channel after the change' }),
  attempts: z.array(attemptRow).optional().meta({ description: 'upstream-attempts: newest first' }),
  skills: z
    .array(skillOut.extend({ prompt: z.string(), active: z.boolean(), origin: z.string() }))
    .optional()
    .meta({ description: 'skill-list: every skill with its prompt (operator only)' }),
  skill: skillOut.extend({ prompt: z.string(), active: z.boolean(), origin: z.string() }).optional().meta({ description: 'skill-upsert' }),
});
export type AdminOutput = z.infer<typeof adminOutput>;
