import { z } from 'zod';
import { claimStates } from './claims';
import { creditAmount, decimal } from './common';
import { skillUpsertSchema } from './skills';
import { upstreamUpsertSchema } from './upstreams';

/**
 * The bodies of the operator actions of POST /api/admin (super-administrator key), without the
 * `action` field that names them: the REST body is `{action, ...body}`; the console calls one
 * procedure per action with the body alone.
 */

const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const credits = creditAmount();
const tenantId = z.uuid('must be a tenant id (uuid)');
const none = z.strictObject({});
/** The longest window of `platform-usage`: a year, leap day included. */
export const PLATFORM_USAGE_MAX_DAYS = 366;
const cursor = z.string().regex(/^[1-9][0-9]{0,17}$/, 'pass next_cursor from the previous page').optional();
const pageLimit = z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').optional();

export const adminActionBodies = {
  'tenant-create': z.strictObject({
    name,
    credits: credits.min(0, 'must not be negative').default(0),
    quota_monthly: credits.min(0, 'must not be negative').default(0),
    admin_email: z.email('must be an email address').optional(),
    admin_password: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  }),
  'tenant-list': none,
  'tenant-credit': z.strictObject({
    tenant_id: tenantId,
    credits: credits.refine((n) => n !== 0, 'must not be 0'),
    note: z.string().max(500).optional(),
  }),
  'tenant-rekey': z.strictObject({ tenant_id: tenantId }),
  'tenant-toggle': z.strictObject({ tenant_id: tenantId, disabled: z.boolean('must be true or false') }),
  'tenant-bind': z.strictObject({ tenant_id: tenantId, model: z.string().min(1, 'must not be empty').nullable() }),
  'tenant-markup': z.strictObject({
    tenant_id: tenantId,
    markup: decimal(0, 100, 4),
  }),
  'upstream-list': none,
  'upstream-update': z.strictObject({
    name: z.string().min(1),
    enabled: z.boolean().optional(),
    rating: decimal(0, 5, 2).optional(),
  }),
  'upstream-attempts': z.strictObject({ ref: z.string().min(1).optional(), limit: z.number().int().min(1).max(1000).optional() }),
  'upstream-upsert': upstreamUpsertSchema,
  'upstream-test': z.strictObject({
    name: z.string().min(1, 'give the channel name').max(63),
    model: z.string().min(1, 'must not be empty').max(200).optional(),
  }),
  'upstream-remove': z.strictObject({ name: z.string().min(1, 'give the channel name').max(63) }),
  'social-claim-disable': z.strictObject({ code: z.string().min(1, 'give the claim code').max(64) }),
  'skill-list': none,
  'skill-upsert': skillUpsertSchema,
  'claim-list': z.strictObject({
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    tenant_id: tenantId.optional(),
    state: z.enum(claimStates, 'must be open, redeemed or disabled').optional(),
    cursor: z.string().max(100).optional(),
    limit: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100').default(20),
  }),
  'platform-usage': z.strictObject({
    days: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be 1 to 366 days')
      .max(PLATFORM_USAGE_MAX_DAYS, 'must be 1 to 366 days')
      .default(30),
    tenant_id: tenantId.optional(),
  }),
  'tenant-ledger': z.strictObject({ tenant_id: tenantId, cursor, limit: pageLimit }),
  'audit-list': z.strictObject({
    tenant_id: tenantId.optional(),
    /** Not `action`: that field names the operator action of the REST body itself. */
    audited_action: z.string().trim().min(1, 'must not be empty').max(64).optional(),
    cursor,
    limit: pageLimit,
  }),
} as const;

export type AdminActionName = keyof typeof adminActionBodies;
export type AdminActionBody<A extends AdminActionName> = z.output<(typeof adminActionBodies)[A]>;

/** The actions that change nothing: queries in the console, and never written to the audit log. */
export const adminReadActions = ['tenant-list', 'upstream-list', 'upstream-attempts', 'skill-list', 'tenant-ledger', 'audit-list', 'claim-list', 'platform-usage'] as const satisfies readonly AdminActionName[];
