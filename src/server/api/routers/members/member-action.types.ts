import { MEMBER_ERRORS } from '@/server/domain/members/members';
import { z } from 'zod';
import { memberActionBodies } from '@/contracts/members';
import type { ActionMap } from '@/server/api/action-map';
import { route } from '@/server/api/meta';
import type { LimitName } from '@/server/domain/limits/settings';
import { memberView } from './list-members.types';

/** What each action of POST /api/tenant-accounts answers besides `ok` and `action`. */
export const memberActionAnswers = {
  create: z.object({ account: memberView.meta({ description: 'The new account with its api_key' }) }),
  'set-quota': z.object({
    account: memberView
      .pick({ account_id: true, mode: true, credits: true })
      .meta({ description: 'The account’s new quota mode and dedicated credits' }),
    allocatable: z.number().int().meta({ description: 'Allocatable tenant credits after the change' }),
  }),
  rekey: z.object({
    account: memberView
      .pick({ account_id: true, api_key: true })
      .meta({ description: 'The new key; the old one stops working at once' }),
  }),
  toggle: z.object({
    account: memberView
      .pick({ account_id: true, disabled: true })
      .meta({ description: 'The account and whether it is now disabled' }),
  }),
} satisfies Record<keyof typeof memberActionBodies, z.ZodObject>;

export const memberActionMeta = (actions: ActionMap<never>, limits: Record<string, LimitName>) =>
  route('POST /tenant-accounts', 'Members', 'Create a member, set its quota, rekey it, or disable/enable it', {
    errors: MEMBER_ERRORS,
    // The REST operation id predates the router key; it is part of the published API.
    operationId: 'accounts-action',
    description:
      'Body `{action, ...}` with action `create`, `set-quota`, `rekey` or `toggle`. Created with neither ' +
      '`shared` nor `credits`, an account spends the shared pool. An unknown action is 400.',
    actions,
    limit: { byAction: limits },
  });
