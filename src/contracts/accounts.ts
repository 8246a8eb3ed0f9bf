import { z } from 'zod';
import { creditAmount } from './common';

/**
 * The actions of POST /api/tenant-accounts (tenant key), without the `action` field that names them:
 * the REST body is `{action, ...body}`; the console calls one procedure per action with the body alone.
 */

const accountId = z.uuid('must be an account id (uuid)');
const credits = creditAmount().min(0, 'must not be negative');

export const accountActionBodies = {
  create: z.strictObject({
    email: z.email('must be an email address').max(320),
    nickname: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    credits: credits.optional(),
    shared: z.boolean().optional(),
  }),
  'set-quota': z.strictObject({
    account_id: accountId,
    shared: z.literal(true, 'must be true (to switch to the shared pool)').optional(),
    credits: credits.optional(),
  }),
  rekey: z.strictObject({ account_id: accountId }),
  toggle: z.strictObject({ account_id: accountId, disabled: z.boolean('must be true or false') }),
} as const;

export type AccountActionName = keyof typeof accountActionBodies;
export type AccountActionBody<A extends AccountActionName> = z.output<(typeof accountActionBodies)[A]>;
