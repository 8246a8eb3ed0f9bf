import { z } from 'zod';
import { usageCategories } from '../../../db/schema/ledger';
import { claimStates } from '../../../../contracts/claims';
import type { adminActionBodies } from '../../../../contracts/admin';
import type { ActionMap } from '../../action-map';
import { route } from '../../meta';
import { skillOut } from '../skills/list-skills.types';

const whole = z.number().int();
const tenantOut = z.object({
  id: z.uuid(),
  name: z.string(),
  quota_monthly: whole,
  credits: whole,
  created_at: z.string(),
  admin_email: z.string().nullable(),
  disabled: z.boolean().meta({ description: 'Disabled by the operator: its keys and console logins are refused' }),
});

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
  source: z.enum(['file', 'simulator', 'console', 'retired']).meta({ description: 'Where the definition comes from: the upstreams file, the bundled simulator, the console; retired: no longer used' }),
  editable: z.boolean().meta({ description: 'True for console channels: upstream-upsert and upstream-remove change them' }),
  base_url: z.string().meta({ description: 'The address calls go to (the key is never shown)' }),
  soft_timeout_ms: z.number().int(),
  models: z
    .array(
      z.object({
        family: z.string().meta({ description: 'What callers ask for as `model`: a model family or video tier' }),
        model: z.string().meta({ description: "The provider's model id sent upstream" }),
        media: z.array(z.string()),
        cost_usd: z.number().meta({ description: 'Platform cost per image, request or video second (operator only)' }),
        capabilities: z.record(z.string(), z.unknown()).meta({ description: 'What the model can do, as the upstreams file writes it' }),
      }),
    )
    .meta({ description: 'Each model of the channel' }),
  updated_at: z.string(),
});

const channelTest = z.object({
  ok: z.boolean().meta({ description: 'True when the channel answered the test request' }),
  latency_ms: z.number().int(),
  error_class: z.string().nullable().meta({ description: 'How the call failed, as routing classifies it (timeout, rate_limit, server_error, network, invalid_key, unpaid, bad_request, unsupported, bad_output); null on success' }),
  message: z.string(),
  sample: z.string().nullable().meta({ description: 'A short description of the answer: the reply text, the image size, the task list' }),
  family: z.string(),
  model: z.string().meta({ description: 'The provider model id tested' }),
  call: z.string().meta({ description: 'The request sent, in words' }),
});

const attemptRow = z.object({
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

const creditBucket = z.object({
  image: whole,
  video: whole,
  chat: whole,
  reverse: whole,
  other: whole,
  article: whole.meta({ description: 'Article copy (counted in `chat` by GET /api/tenant-usage, apart here)' }),
  total: whole,
});
const usageCategory = z.enum(usageCategories);

const operatorClaim = z.object({
  code: z.string(),
  claim_url: z.string(),
  tenant: z.object({ id: z.uuid(), name: z.string() }).meta({ description: 'The tenant that made and paid for the code' }),
  credits: whole,
  templates: z.array(z.object({ id: z.string(), slug: z.string(), zh_name: z.string() })).meta({ description: 'The templates the code grants' }),
  state: z.enum(claimStates),
  note: z.string(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  redeemed_by: z.object({ nickname: z.string(), email: z.string() }).nullable().meta({ description: "The buyer's nickname and e-mail, once redeemed" }),
  disabled_at: z.string().nullable().meta({ description: 'When the operator disabled it (a redeemed code keeps state `redeemed`)' }),
});

const ledgerRow = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string().meta({ description: 'adjust, charge, refund, reserve, release or claim' }),
  category: z.string().nullable(),
  amount: whole.meta({ description: 'Credits moved: positive in, negative out' }),
  balance_after: whole.meta({ description: 'The wallet after this movement' }),
  account_id: z.string().nullable().meta({ description: "null: the tenant pool; otherwise the member's dedicated credits" }),
  actor: z.string().nullable().meta({ description: 'The member whose work caused it, by nickname' }),
  ref: z.string().nullable(),
  note: z.string().nullable(),
});

const fields = z.record(z.string(), z.unknown());
const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().meta({ description: 'admin-key (REST with the key) or operator-console' }),
  action: z.string(),
  target_kind: z.string().nullable().meta({ description: 'tenant, upstream, claim, skill, …' }),
  target_id: z.string().nullable(),
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
  body: fields.nullable().meta({ description: 'The action body, secrets removed' }),
  before: fields.nullable().meta({ description: "The changed object's fields before the action" }),
  after: fields.nullable().meta({ description: 'The same fields after it; a new key is recorded as issued, never shown' }),
  request_id: z.string().nullable(),
});

const operatorSkill = skillOut.extend({ prompt: z.string(), active: z.boolean(), origin: z.string() });

/** What each operator action answers besides `ok` and `action`. */
export const adminActionAnswers = {
  'tenant-create': z.object({
    tenant: tenantOut,
    api_key: z.string().meta({ description: 'The new tenant key' }),
  }),
  'tenant-list': z.object({
    tenants: z.array(
      tenantOut.extend({
        members: z.number().int(),
        kind: z.enum(['organization', 'personal']).meta({ description: "organization: a paying tenant; personal: a buyer's platform account opened by a claim code" }),
        bound_model: z.string().nullable().meta({ description: 'The family or channel all its requests route inside; null: none' }),
        markup: z.number().meta({ description: 'Multiplier of the CNY price of a credit' }),
        used_month: whole.meta({ description: 'Credits consumed this calendar month (Asia/Shanghai)' }),
      }),
    ),
  }),
  'tenant-credit': z.object({ credits: z.number().int().meta({ description: "The tenant's allocatable credits after the change" }) }),
  'tenant-rekey': z.object({ api_key: z.string().meta({ description: 'The new tenant key; the old one stops working at once' }) }),
  'tenant-toggle': z.object({
    tenant: z
      .object({ id: z.uuid(), disabled: z.boolean() })
      .meta({ description: 'Disabled: every key and console login of the tenant is refused at once (open event streams end); its data, credits and jobs are kept' }),
  }),
  'tenant-bind': z.object({ bound_model: z.string().nullable().meta({ description: 'The binding now in force' }) }),
  'tenant-markup': z.object({ markup: z.number().meta({ description: 'The markup now in force' }) }),
  'upstream-list': z.object({ upstreams: z.array(operatorUpstream).meta({ description: 'Every channel with its live health' }) }),
  'upstream-update': z.object({ upstream: operatorUpstream.meta({ description: 'The channel after the change' }) }),
  'upstream-attempts': z.object({ attempts: z.array(attemptRow).meta({ description: 'Newest first' }) }),
  'upstream-upsert': z.object({
    upstream: operatorUpstream.meta({ description: 'The channel as the list shows it (never its key)' }),
    created: z.boolean().meta({ description: 'True when the channel was added, false when changed' }),
  }),
  'upstream-test': z.object({ test: channelTest.meta({ description: 'Recorded nowhere: health scores and removal are unchanged' }) }),
  'upstream-remove': z.object({ upstream: operatorUpstream.meta({ description: 'The channel, now retired; its history is kept' }) }),
  'social-claim-disable': z.object({
    claim: z
      .object({ code: z.string(), state: z.string(), credits_returned: z.number().int() })
      .meta({ description: 'The code now; an unredeemed code returns its credits to the tenant' }),
  }),
  'skill-list': z.object({ skills: z.array(operatorSkill).meta({ description: 'Every skill with its prompt (operator only)' }) }),
  'skill-upsert': z.object({ skill: operatorSkill }),
  'claim-list': z.object({
    claims: z.array(operatorClaim).meta({ description: 'Every tenant’s claim codes, newest first' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
  }),
  'platform-usage': z.object({
    timezone: z.literal('Asia/Shanghai'),
    days: whole,
    since: z.string().meta({ description: 'Start of the first day (midnight Asia/Shanghai), as an instant' }),
    generated_at: z.string(),
    tenant: z.object({ id: z.uuid(), name: z.string() }).nullable().meta({ description: 'The tenant the report is narrowed to; null for all' }),
    totals: creditBucket.meta({ description: 'Credits consumed in the window by category (charges less refunds)' }),
    charged_cny: z.number().meta({ description: 'What those credits cost the tenants in yuan, each at its current markup' }),
    daily: z.array(creditBucket.extend({ date: z.string() })).meta({ description: 'Every day of the window, oldest first' }),
    tenants: z
      .array(z.object({ id: z.uuid(), name: z.string(), totals: creditBucket, charged_cny: z.number() }))
      .meta({ description: 'Tenants with consumption in the window, most credits first' }),
    tenant_daily: z
      .array(z.object({ date: z.string(), tenant_id: z.uuid(), category: usageCategory, credits: whole }))
      .meta({ description: 'Credits per day, tenant and category; cells with none are left out' }),
    channels: z
      .array(
        z.object({
          channel: z.string(),
          provider: z.string(),
          jobs: whole.meta({ description: 'Distinct jobs and requests the attempts served' }),
          attempts: whole,
          failures: whole,
          failure_rate: z.number().nullable().meta({ description: 'failures / attempts, 0-1' }),
        }),
      )
      .meta({ description: 'Upstream attempts of the window per channel, most first' }),
  }),
  'tenant-ledger': z.object({
    entries: z.array(ledgerRow).meta({ description: 'Newest first' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null: no more' }),
  }),
  'audit-list': z.object({
    entries: z.array(auditRow).meta({ description: 'Newest first' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null: no more' }),
  }),
} satisfies Record<keyof typeof adminActionBodies, z.ZodObject>;

export const adminActionMeta = (actions: ActionMap<never>) =>
  route('POST /admin', 'Operator', 'Operator actions (super-administrator key)', {
    description: `Body \`{action, ...}\`. Actions: ${Object.keys(actions)
      .map((a) => `\`${a}\``)
      .join(', ')}. An unknown action is 400.`,
    actions,
  });
