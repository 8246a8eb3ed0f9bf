import { declared } from '@/server/errors';
import { z } from 'zod';
import { usageCategories } from '@/server/db/schema/ledger';
import { claimStates } from '@/contracts/claims';
import type { adminActionBodies } from '@/contracts/admin';
import type { ActionMap } from '@/server/api/action-map';
import { mailActionAnswers } from './mail.types';
import { operatorActionAnswers } from './operator.types';
import { attemptRow, channelTest, operatorUpstream, videoOrphanRow } from './upstream.types';
import { videoTestStart, videoTestTask } from './upstream-video-test.types';
import { route } from '@/server/api/meta';
import { skillOut } from '@/server/api/routers/skills/list-skills.types';

const d = (description: string) => ({ description });
const whole = z.number().int();
const tenantId = z.uuid().meta(d('The tenant id'));
const tenantName = z.string().meta(d('The tenant name'));
const tenantOut = z.object({
  id: tenantId,
  name: tenantName,
  quota_monthly: whole.meta(d('Monthly credit quota shown beside the monthly use; not a limit')),
  credits: whole.meta(d('Allocatable credits in its wallet now')),
  created_at: z.string().meta(d('When it was created (ISO 8601)')),
  admin_email: z.string().nullable().meta(d('The administrator e-mail given at creation; null: none')),
  disabled: z.boolean().meta({ description: 'Disabled by the operator: its keys and console logins are refused' }),
});

const creditBucket = z.object({
  image: whole.meta(d('Credits for images')),
  video: whole.meta(d('Credits for videos')),
  chat: whole.meta(d('Credits for chat')),
  reverse: whole.meta(d('Credits for image reading (POST /api/reverse, image to template)')),
  other: whole.meta(d('Credits for anything else')),
  article: whole.meta({ description: 'Article copy (counted in `chat` by GET /api/tenant-usage, apart here)' }),
  total: whole.meta(d('All categories together')),
});
const usageCategory = z.enum(usageCategories).meta(d(`The consumption category: ${usageCategories.join(', ')}`));

const operatorClaim = z.object({
  code: z.string().meta(d('The claim code')),
  claim_url: z.string().meta(d('The page where a buyer redeems it')),
  tenant: z
    .object({ id: tenantId, name: tenantName })
    .meta({ description: 'The tenant that made and paid for the code' }),
  credits: whole.meta(d('Credits the code gives the buyer')),
  templates: z
    .array(
      z.object({
        id: z.string().meta(d('Template id')),
        slug: z.string().meta(d('Template slug')),
        zh_name: z.string().meta(d('Template name')),
      }),
    )
    .meta({ description: 'The templates the code grants' }),
  state: z.enum(claimStates).meta(d('open, redeemed or disabled')),
  note: z.string().meta(d("The tenant's note on the code; may be empty")),
  created_at: z.string().meta(d('When it was made (ISO 8601)')),
  redeemed_at: z.string().nullable().meta(d('When it was redeemed (ISO 8601); null: not yet')),
  redeemed_by: z
    .object({ nickname: z.string().meta(d("The buyer's nickname")), email: z.string().meta(d("The buyer's e-mail")) })
    .nullable()
    .meta({ description: "The buyer's nickname and e-mail, once redeemed" }),
  disabled_at: z
    .string()
    .nullable()
    .meta({ description: 'When the operator disabled it (a redeemed code keeps state `redeemed`)' }),
  batch: z
    .object({ id: z.string().meta(d('Batch id')), note: z.string().meta(d("The tenant's batch note; may be empty")) })
    .nullable()
    .meta({ description: 'The batch it was made in; null for a code made on its own' }),
});

const ledgerRow = z.object({
  id: z.string().meta(d('Entry id')),
  at: z.string().meta(d('When it happened (ISO 8601)')),
  kind: z.string().meta({ description: 'adjust, charge, refund, reserve, release or claim' }),
  category: z
    .string()
    .nullable()
    .meta(d(`Consumption category (${usageCategories.join(', ')}); null for movements that are not consumption`)),
  amount: whole.meta({ description: 'Credits moved: positive in, negative out' }),
  balance_after: whole.meta({ description: 'The wallet after this movement' }),
  account_id: z
    .string()
    .nullable()
    .meta({ description: "null: the tenant pool; otherwise the member's dedicated credits" }),
  actor: z.string().nullable().meta({ description: 'The member whose work caused it, by nickname' }),
  ref: z.string().nullable().meta(d('The job or request it belongs to; null: none')),
  note: z.string().nullable().meta(d('Why, as written by the operator or the platform; null: none')),
});

const fields = z.record(z.string(), z.unknown());
const auditRow = z.object({
  id: z.string().meta(d('Entry id')),
  at: z.string().meta(d('When the action ran (ISO 8601)')),
  actor: z.string().meta({ description: 'admin-key (REST with the key) or operator-console' }),
  actor_name: z
    .string()
    .nullable()
    .meta(d('The e-mail of the operator account that acted; null: the super-administrator key or Studio')),
  action: z.string().meta(d('The operator action, e.g. tenant-credit')),
  target_kind: z.string().nullable().meta({ description: 'tenant, upstream, claim, skill, …' }),
  target_id: z.string().nullable().meta(d('Id or name of the object changed; null: none')),
  tenant_id: z.string().nullable().meta(d('The tenant concerned; null: none')),
  tenant_name: z.string().nullable().meta(d('Its name; null: none')),
  body: fields.nullable().meta({ description: 'The action body, secrets removed' }),
  before: fields.nullable().meta({ description: "The changed object's fields before the action" }),
  after: fields
    .nullable()
    .meta({ description: 'The same fields after it; a new key is recorded as issued, never shown' }),
  request_id: z.string().nullable().meta(d('The id of the request that ran the action; null: unknown')),
});

const operatorSkill = skillOut.extend({
  prompt: z.string().meta(d('The prompt template sent to the model (never shown to tenants)')),
  active: z.boolean().meta(d('False: hidden from tenants and refused when generating')),
  origin: z.string().meta(d('catalog: from the bundled catalogue; operator: written by an operator')),
});

/** What each operator action answers besides `ok` and `action`. */
export const adminActionAnswers = {
  'tenant-create': z.object({
    tenant: tenantOut.meta(d('The new tenant')),
    api_key: z.string().meta({ description: 'The new tenant key' }),
  }),
  'tenant-list': z.object({
    tenants: z
      .array(
        tenantOut.extend({
          members: z.number().int().meta(d('Member accounts')),
          kind: z.enum(['organization', 'personal']).meta({
            description: "organization: a paying tenant; personal: a buyer's platform account opened by a claim code",
          }),
          bound_model: z
            .string()
            .nullable()
            .meta({ description: 'The family or channel all its requests route inside; null: none' }),
          markup: z.number().meta({ description: 'Multiplier of the CNY price of a credit' }),
          used_month: whole.meta({ description: 'Credits consumed this calendar month (Asia/Shanghai)' }),
          low_balance_threshold: whole.meta({
            description:
              'Near zero below this balance: the tenant’s own balance alert threshold (its pool), else the platform’s 100',
          }),
        }),
      )
      .meta(d('Every tenant')),
  }),
  'tenant-credit': z.object({
    credits: z.number().int().meta({ description: "The tenant's allocatable credits after the change" }),
  }),
  'tenant-rekey': z.object({
    api_key: z.string().meta({ description: 'The new tenant key; the old one stops working at once' }),
  }),
  'tenant-toggle': z.object({
    tenant: z.object({ id: tenantId, disabled: z.boolean().meta(d('The state now in force')) }).meta({
      description:
        'Disabled: every key and console login of the tenant is refused at once (open event streams end); its data, credits and jobs are kept',
    }),
  }),
  'tenant-bind': z.object({ bound_model: z.string().nullable().meta({ description: 'The binding now in force' }) }),
  'tenant-markup': z.object({ markup: z.number().meta({ description: 'The markup now in force' }) }),
  'upstream-list': z.object({
    upstreams: z.array(operatorUpstream).meta({ description: 'Every channel with its live health' }),
  }),
  'upstream-update': z.object({ upstream: operatorUpstream.meta({ description: 'The channel after the change' }) }),
  'upstream-attempts': z.object({ attempts: z.array(attemptRow).meta({ description: 'Newest first' }) }),
  'video-orphans': z.object({
    orphans: z.array(videoOrphanRow).meta({
      description:
        'Upstream video tasks left running after their job was cancelled or timed out (the caller refunded), newest first',
    }),
  }),
  'upstream-upsert': z.object({
    upstream: operatorUpstream.meta({ description: 'The channel as the list shows it (never its key)' }),
    created: z.boolean().meta({ description: 'True when the channel was added, false when changed' }),
  }),
  'upstream-test': z.object({
    test: channelTest.meta({ description: 'Recorded nowhere: health scores and removal are unchanged' }),
  }),
  'upstream-test-video': z.object({
    test: videoTestStart.meta({ description: 'The task created, or why it was not; recorded nowhere as traffic' }),
  }),
  'upstream-test-video-task': z.object({
    task: videoTestTask.meta({ description: 'Where the test task stands, and its verified video once made' }),
  }),
  'upstream-remove': z.object({
    upstream: operatorUpstream.meta({ description: 'The channel, now retired; its history is kept' }),
  }),
  'social-claim-disable': z.object({
    claim: z
      .object({
        code: z.string().meta(d('The claim code')),
        state: z.string().meta(d('Its state now: disabled, or redeemed when it had already been redeemed')),
        credits_returned: z.number().int().meta(d('Credits returned to the tenant; 0 when it had been redeemed')),
      })
      .meta({ description: 'The code now; an unredeemed code returns its credits to the tenant' }),
  }),
  'claim-batch-disable': z.object({
    batch: z
      .object({
        id: z.string().meta(d('The batch')),
        codes_disabled: whole.meta(d('Open codes disabled now (0 when done before)')),
        credits_returned: whole.meta(d('Credits returned to the tenant for them')),
        redeemed: whole.meta(d('Codes of the batch already redeemed: they stay with their buyers')),
      })
      .meta({ description: 'What disabling the batch did' }),
  }),
  'skill-list': z.object({
    skills: z.array(operatorSkill).meta({ description: 'Every skill with its prompt (operator only)' }),
  }),
  'skill-upsert': z.object({ skill: operatorSkill.meta(d('The skill as saved')) }),
  'claim-list': z.object({
    claims: z.array(operatorClaim).meta({ description: 'Every tenant’s claim codes, newest first' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
  }),
  'platform-usage': z.object({
    timezone: z.literal('Asia/Shanghai').meta(d('The time zone that days are counted in')),
    days: whole.meta(d('The window in days')),
    from: z.string().meta(d('The first day, YYYY-MM-DD (Asia/Shanghai)')),
    to: z.string().meta(d('The last day, YYYY-MM-DD (Asia/Shanghai)')),
    since: z.string().meta({ description: 'Start of the first day (midnight Asia/Shanghai), as an instant' }),
    generated_at: z.string().meta(d('When the report was made (ISO 8601)')),
    tenant: z
      .object({ id: tenantId, name: tenantName })
      .nullable()
      .meta({ description: 'The tenant the report is narrowed to; null for all' }),
    totals: creditBucket.meta({ description: 'Credits consumed in the window by category (charges less refunds)' }),
    charged_cny: z
      .number()
      .meta({ description: 'What those credits cost the tenants in yuan, each at its current markup' }),
    billed_usd: z.number().meta(d('The same credits in USD (credit USD price × each tenant’s markup)')),
    provider_cost_usd: z.number().meta(d('What the upstreams cost Studio for the window’s work, in USD')),
    daily: z
      .array(creditBucket.extend({ date: z.string().meta(d('The day, YYYY-MM-DD (Asia/Shanghai)')) }))
      .meta({ description: 'Every day of the window, oldest first' }),
    tenants: z
      .array(
        z.object({
          id: tenantId,
          name: tenantName,
          totals: creditBucket.meta(d('Its credits consumed in the window by category')),
          charged_cny: z.number().meta(d('What they cost it in yuan, at its current markup')),
          billed_usd: z.number().meta(d('The same credits in USD at its markup')),
          provider_cost_usd: z.number().meta(d('What the upstreams cost Studio for its work, in USD')),
        }),
      )
      .meta({ description: 'Tenants with consumption in the window, most credits first' }),
    tenant_daily: z
      .array(
        z.object({
          date: z.string().meta(d('The day, YYYY-MM-DD (Asia/Shanghai)')),
          tenant_id: tenantId,
          category: usageCategory,
          credits: whole.meta(d('Credits consumed')),
        }),
      )
      .meta({ description: 'Credits per day, tenant and category; cells with none are left out' }),
    channels: z
      .array(
        z.object({
          channel: z.string().meta(d('The channel name')),
          provider: z.string().meta(d('Who runs it')),
          jobs: whole.meta({ description: 'Distinct jobs and requests the attempts served' }),
          attempts: whole.meta(d('Attempts in the window')),
          failures: whole.meta(d('Attempts that failed')),
          failure_rate: z.number().nullable().meta({ description: 'failures / attempts, 0-1' }),
          provider_cost_usd: z.number().meta(d('What its answered calls and finished videos cost Studio, in USD')),
          billed_credits: whole.meta(d('Credits billed for the jobs and requests it answered (charges less refunds)')),
          billed_cny: z.number().meta(d('Those credits in yuan, at the markup of each tenant that paid them')),
          billed_usd: z.number().meta(d('Those credits in USD, at the markup of each tenant that paid them')),
          markup: z
            .number()
            .nullable()
            .meta(d('billed_usd / provider_cost_usd, two decimals: the markup at work; null without cost')),
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
  ...mailActionAnswers,
  ...operatorActionAnswers,
} satisfies Record<keyof typeof adminActionBodies, z.ZodObject>;

/** What the operator's actions answer besides the key and the body's refusals (each action's domain raises them). */
const ADMIN_ERRORS = [
  declared('NOT_FOUND', 'No tenant, account, upstream, claim code or mail with this id'),
  declared(
    'CONFLICT',
    'The change conflicts with the current state: a console login already taken, a debit larger than the ' +
      'balance, a channel from the upstreams file, a mail already passed on',
  ),
];

export const adminActionMeta = (actions: ActionMap<never>) =>
  route('POST /admin', 'Operator', 'Operator actions (super-administrator key)', {
    errors: ADMIN_ERRORS,
    description: `Body \`{action, ...}\`. Actions: ${Object.keys(actions)
      .map((a) => `\`${a}\``)
      .join(', ')}. An unknown action is 400.`,
    actions,
  });
