import { z } from 'zod';
import { creditAmount } from './common';

/**
 * The actions of POST /api/tenant-accounts (tenant key), without the `action` field that names them:
 * the REST body is `{action, ...body}`; the console calls one procedure per action with the body alone.
 */

const accountId = z.uuid('must be an account id (uuid)').meta({ description: 'The member account (uuid)' });
const credits = creditAmount().min(0, 'must not be negative');

export const memberActionBodies = {
  create: z.strictObject({
    email: z.email('must be an email address').max(320).meta({ description: 'The member’s email address' }),
    nickname: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .meta({ description: 'Display name (1-100 characters)' }),
    credits: credits.optional().meta({
      description: 'Dedicated mode with this many credits reserved from the tenant pool; not with `shared: true`',
    }),
    shared: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the member spends the shared tenant pool; false: dedicated mode (0 credits unless `credits` is ' +
          'given); absent: shared unless `credits` is given',
      }),
  }),
  'set-quota': z.strictObject({
    account_id: accountId,
    shared: z.literal(true, 'must be true (to switch to the shared pool)').optional().meta({
      description:
        'true: switch to the shared pool, the dedicated credits left go back to the pool; give exactly one of shared or credits',
    }),
    credits: credits.optional().meta({
      description:
        'Dedicated mode with exactly this many credits; the difference moves between the tenant pool and the member (more than the pool holds: 402)',
    }),
  }),
  rekey: z.strictObject({ account_id: accountId }),
  toggle: z.strictObject({
    account_id: accountId,
    disabled: z
      .boolean('must be true or false')
      .meta({ description: 'true disables the account (its key stops working); false enables it again' }),
  }),
} as const;

export type MemberActionName = keyof typeof memberActionBodies;
export type MemberActionBody<A extends MemberActionName> = z.output<(typeof memberActionBodies)[A]>;
