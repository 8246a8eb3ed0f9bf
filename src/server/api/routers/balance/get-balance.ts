import { z } from 'zod';
import { getBalance } from '../../../domain/credits/balance';
import { scopedProcedure } from '../../trpc';

export const getBalanceProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/balance',
      tags: ['Credits'],
      summary: "The caller's remaining credits",
      description:
        'Tenant key: the tenant pool. Member key: its dedicated credits, or the tenant pool for a shared-pool member.',
      protect: true,
    },
  })
  .input(z.object({}))
  .output(
    z.object({
      ok: z.literal(true),
      credits: z.number().int().meta({ description: 'Credits the caller can spend now' }),
      pool: z.enum(['tenant', 'dedicated']).meta({ description: "tenant: the tenant's pool; dedicated: the member's own" }),
    }),
  )
  .query(async ({ ctx }) => ({ ok: true as const, ...(await getBalance(ctx.db, ctx.identity)) }));
