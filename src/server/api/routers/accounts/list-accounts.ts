import { listAccounts } from '@/server/domain/accounts/accounts';
import { organizationProcedure } from '@/server/api/trpc';
import { listAccountsInput, listAccountsMeta, listAccountsOutput } from './list-accounts.types';

export const listAccountsProcedure = organizationProcedure
  .meta(listAccountsMeta)
  .input(listAccountsInput)
  .output(listAccountsOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await listAccounts(ctx, ctx.identity)) }));
