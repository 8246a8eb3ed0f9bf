import { z } from 'zod';
import { listAccounts } from '../../../domain/accounts/accounts';
import { organizationProcedure } from '../../trpc';
import { accountView } from './accounts.types';

export const listAccountsProcedure = organizationProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/tenant-accounts',
      tags: ['Members'],
      summary: "The tenant's member accounts, with their keys",
      protect: true,
    },
  })
  .input(z.object({}))
  .output(z.object({ ok: z.literal(true), accounts: z.array(accountView) }))
  .query(async ({ ctx }) => ({
    ok: true as const,
    accounts: await listAccounts(ctx.db, ctx.config.secret, ctx.identity.tenantId),
  }));
