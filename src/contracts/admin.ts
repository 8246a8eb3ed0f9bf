import { z } from 'zod';
import { claimStates } from './claims';
import { shanghaiDayField } from './calls';
import { creditAmount, decimal } from './common';
import { skillUpsertSchema } from './skills';
import { upstreamUpsertSchema } from './upstreams';
import { operatorActionBodies } from './operators';

/**
 * The bodies of the operator actions of POST /api/admin (super-administrator key), without the
 * `action` field that names them: the REST body is `{action, ...body}`; the console calls one
 * procedure per action with the body alone.
 */

const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const credits = creditAmount();
const tenantId = z.uuid('must be a tenant id (uuid)');
const none = z.strictObject({});
const d = (description: string) => ({ description });
/** The longest window of `platform-usage`: a year, leap day included. */
export const PLATFORM_USAGE_MAX_DAYS = 366;
const cursor = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'pass next_cursor from the previous page')
  .optional();
const pageLimit = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(200, 'must be at most 200')
  .optional();

export const adminActionBodies = {
  'tenant-create': z.strictObject({
    name: name.meta(d('The tenant name (1-200 characters)')),
    credits: credits.min(0, 'must not be negative').default(0).meta(d('Opening credits put in its wallet (default 0)')),
    quota_monthly: credits
      .min(0, 'must not be negative')
      .default(0)
      .meta(d('Monthly credit quota shown beside its monthly use in the statistics (default 0); not a limit')),
    admin_email: z
      .email('must be an email address')
      .optional()
      .meta(d('E-mail of the tenant administrator console login, made when `admin_password` is given too')),
    admin_password: z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(200)
      .optional()
      .meta(d('Password of that login (8-200 characters); without it no login is made')),
  }),
  'tenant-list': none,
  'tenant-credit': z.strictObject({
    tenant_id: tenantId.meta(d('The tenant (uuid)')),
    credits: credits
      .refine((n) => n !== 0, 'must not be 0')
      .meta(d('Credits to add (positive) or take away (negative); not 0')),
    note: z.string().max(500).optional().meta(d('Why, kept on the ledger entry (at most 500 characters)')),
  }),
  'tenant-rekey': z.strictObject({ tenant_id: tenantId.meta(d('The tenant whose key is replaced (uuid)')) }),
  'tenant-toggle': z.strictObject({
    tenant_id: tenantId.meta(d('The tenant (uuid)')),
    disabled: z
      .boolean('must be true or false')
      .meta(d('true: refuse its keys and console logins; false: allow them again')),
  }),
  'tenant-bind': z.strictObject({
    tenant_id: tenantId.meta(d('The tenant (uuid)')),
    model: z
      .string()
      .min(1, 'must not be empty')
      .nullable()
      .meta(d('A model family or a channel name all its requests route inside; null: remove the binding')),
  }),
  'tenant-markup': z.strictObject({
    tenant_id: tenantId.meta(d('The tenant (uuid)')),
    markup: decimal(0, 100, 4).meta(
      d('Multiplier of the CNY price of a credit for this tenant, 0-100, at most 4 decimals'),
    ),
  }),
  'upstream-list': none,
  'upstream-update': z.strictObject({
    name: z.string().min(1).meta(d('The channel name')),
    enabled: z
      .boolean()
      .optional()
      .meta(d('false: routing skips the channel; true: use it again; left out: unchanged')),
    rating: decimal(0, 5, 2)
      .optional()
      .meta(d('Manual rating 0-5 (2 decimals), a quarter of the routing score; left out: unchanged')),
  }),
  'upstream-attempts': z.strictObject({
    ref: z.string().min(1).optional().meta(d('Only the attempts that served this job or request id; left out: all')),
    limit: z.number().int().min(1).max(1000).optional().meta(d('How many attempts, 1-1000 (default 100)')),
  }),
  'video-orphans': z.strictObject({
    ended: z
      .boolean('must be true or false')
      .optional()
      .meta(
        d('true: only tasks that have ended upstream; false: only those still followed or unfinished; left out: all'),
      ),
    limit: z.number().int().min(1).max(1000).optional().meta(d('How many tasks, 1-1000 (default 100)')),
  }),
  'upstream-upsert': upstreamUpsertSchema,
  'upstream-test': z.strictObject({
    name: z.string().min(1, 'give the channel name').max(63).meta(d('The channel to test')),
    model: z
      .string()
      .min(1, 'must not be empty')
      .max(200)
      .optional()
      .meta(d("Which of the channel's models to call, by family or provider model id; left out: its first model")),
  }),
  'upstream-test-video': z.strictObject({
    name: z.string().min(1, 'give the channel name').max(63).meta(d('The video channel to test')),
    model: z
      .string()
      .min(1, 'must not be empty')
      .max(200)
      .optional()
      .meta(d("Which of the channel's video models, by family or provider model id; left out: its first model")),
  }),
  'upstream-test-video-task': z.strictObject({
    name: z.string().min(1, 'give the channel name').max(63).meta(d('The channel the test task runs on')),
    model: z
      .string()
      .min(1, 'must not be empty')
      .max(200)
      .optional()
      .meta(d('The model tested, as given to `upstream-test-video`')),
    task_id: z
      .string()
      .min(1, 'give the task handle')
      .max(500)
      .meta(d('The task handle `upstream-test-video` answered')),
    duration: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(600, 'must be at most 600')
      .meta(d('The seconds asked for, as `upstream-test-video` answered: the video is checked against it')),
  }),
  'upstream-remove': z.strictObject({
    name: z.string().min(1, 'give the channel name').max(63).meta(d('The console channel to retire')),
  }),
  'social-claim-disable': z.strictObject({
    code: z.string().min(1, 'give the claim code').max(64).meta(d('The claim code to disable')),
  }),
  'claim-batch-disable': z.strictObject({
    batch_id: z
      .uuid('must be a claim batch id (uuid)')
      .meta(d('The batch to disable (uuid), as `claim-list` shows it')),
  }),
  'skill-list': none,
  'skill-upsert': skillUpsertSchema,
  'claim-list': z.strictObject({
    q: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional()
      .meta(d('Finds codes by any part of the code, the tenant name or the buyer e-mail (case-insensitive)')),
    tenant_id: tenantId.optional().meta(d('Only the codes of this tenant (uuid)')),
    state: z
      .enum(claimStates, 'must be open, redeemed or disabled')
      .optional()
      .meta(d('Only codes in this state: open, redeemed or disabled')),
    cursor: z.string().max(100).optional().meta(d('`next_cursor` of the previous page; left out: the first page')),
    limit: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 100')
      .max(100, 'must be 1 to 100')
      .default(20)
      .meta(d('Codes per page, 1-100 (default 20)')),
  }),
  'platform-usage': z.strictObject({
    days: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be 1 to 366 days')
      .max(PLATFORM_USAGE_MAX_DAYS, 'must be 1 to 366 days')
      .default(30)
      .meta(d('The window in days ending today (Asia/Shanghai), 1-366 (default 30)')),
    tenant_id: tenantId.optional().meta(d('Narrow the report to this tenant (uuid); left out: all tenants')),
    from: shanghaiDayField
      .optional()
      .meta(d('First day (Asia/Shanghai), YYYY-MM-DD, included; with `to`, replaces `days` (at most 366 days)')),
    to: shanghaiDayField.optional().meta(d('Last day (Asia/Shanghai), YYYY-MM-DD, included; default: today')),
  }),
  'tenant-ledger': z.strictObject({
    tenant_id: tenantId.meta(d('The tenant (uuid)')),
    cursor: cursor.meta(d('`next_cursor` of the previous page; left out: the newest entries')),
    limit: pageLimit.meta(d('Entries per page, 1-200 (default 50)')),
  }),
  'audit-list': z.strictObject({
    tenant_id: tenantId.optional().meta(d('Only entries about this tenant (uuid)')),
    /** Not `action`: that field names the operator action of the REST body itself. */
    audited_action: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(64)
      .optional()
      .meta(d('Only entries of this operator action, e.g. `tenant-credit`')),
    cursor: cursor.meta(d('`next_cursor` of the previous page; left out: the newest entries')),
    limit: pageLimit.meta(d('Entries per page, 1-200 (default 50)')),
  }),
  'mail-list': none,
  'mail-pass-on': z.strictObject({
    id: z.uuid('must be a mail id (uuid)').meta(d('The mail (uuid), from `mail-list`')),
  }),
  ...operatorActionBodies,
} as const;

export type AdminActionName = keyof typeof adminActionBodies;
export type AdminActionBody<A extends AdminActionName> = z.output<(typeof adminActionBodies)[A]>;

/** The actions that change nothing: queries in the console, and never written to the audit log. */
export const adminReadActions = [
  'tenant-list',
  'upstream-list',
  'upstream-attempts',
  'upstream-test-video-task',
  'video-orphans',
  'skill-list',
  'tenant-ledger',
  'audit-list',
  'claim-list',
  'platform-usage',
  'mail-list',
  'operator-list',
] as const satisfies readonly AdminActionName[];
