import { z } from 'zod';

const d = (description: string) => ({ description });

/** The password of an operator account: the same rule as a tenant administrator's. */
export const operatorPassword = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters');

/**
 * The operator actions on operator accounts and on console users' two-step verification (part of
 * POST /api/admin, without the `action` field).
 */
export const operatorActionBodies = {
  'operator-list': z.strictObject({}),
  'operator-create': z.strictObject({
    email: z
      .email('must be an email address')
      .max(320, 'must be at most 320 characters')
      .meta(d('The e-mail the operator signs in with')),
    password: operatorPassword
      .optional()
      .meta(d('Its password (8-200 characters); left out: one is generated and answered once')),
  }),
  'operator-disable': z.strictObject({
    operator_id: z.uuid('must be an operator id (uuid)').meta(d('The operator account (uuid), from `operator-list`')),
    disabled: z
      .boolean('must be true or false')
      .meta(d('true: its sign-in and sessions are refused; false: it may sign in again')),
  }),
  'user-two-factor-reset': z.strictObject({
    email: z
      .email('must be an email address')
      .max(320, 'must be at most 320 characters')
      .meta(d('The e-mail of the console user (tenant administrator, buyer or operator) who lost their device')),
    reason: z
      .string()
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(500, 'must be at most 500 characters')
      .meta(d('Why: how the person was identified (kept in the audit log)')),
  }),
} as const;
