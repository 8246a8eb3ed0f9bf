import { TRPCError } from '@trpc/server';
import {
  createAccount,
  rekeyAccount,
  setAccountQuota,
  toggleAccount,
} from '../../../domain/accounts/accounts';
import { organizationProcedure } from '../../trpc';
import {
  accountActionInput,
  accountActionOutput,
  accountActions,
  accountActionSchemas,
  type AccountActionOutput,
} from './accounts.types';

export const accountActionProcedure = organizationProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/tenant-accounts',
      tags: ['Members'],
      summary: 'Create a member, set its quota, rekey it, or disable/enable it',
      description:
        'Body `{action, ...}` with action `create`, `set-quota`, `rekey` or `toggle`. Created with neither `shared` nor `credits`, an account spends the shared pool.',
      protect: true,
    },
  })
  .input(accountActionInput)
  .output(accountActionOutput)
  .mutation(async ({ ctx, input }): Promise<AccountActionOutput> => {
    const { db, config } = ctx;
    const tenantId = ctx.identity.tenantId;
    switch (input.action) {
      case 'create': {
        const body = accountActionSchemas.create.parse(input);
        const account = await createAccount(db, config.secret, tenantId, body);
        return { ok: true, action: input.action, account };
      }
      case 'set-quota': {
        const body = accountActionSchemas['set-quota'].parse(input);
        const { allocatable, ...account } = await setAccountQuota(db, tenantId, {
          accountId: body.account_id,
          shared: body.shared,
          credits: body.credits,
        });
        return { ok: true, action: input.action, account, allocatable };
      }
      case 'rekey': {
        const body = accountActionSchemas.rekey.parse(input);
        const apiKey = await rekeyAccount(db, config.secret, tenantId, body.account_id);
        return { ok: true, action: input.action, account: { account_id: body.account_id, api_key: apiKey } };
      }
      case 'toggle': {
        const body = accountActionSchemas.toggle.parse(input);
        const account = await toggleAccount(db, tenantId, { accountId: body.account_id, disabled: body.disabled });
        return { ok: true, action: input.action, account };
      }
      default:
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `Unknown action "${input.action}"; known actions: ${accountActions.join(', ')}`,
        });
    }
  });
