import { z } from 'zod';
import { getPool } from '../../../domain/credits/balance';
import { tenantProcedure } from '../../trpc';

export const getPoolProcedure = tenantProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/tenant-pool',
      tags: ['Credits'],
      summary: 'The allocatable enterprise credits',
      description: 'total = allocatable (the live tenant pool) + reserved (dedicated credits held by members).',
      protect: true,
    },
  })
  .input(z.object({}))
  .output(
    z.object({
      ok: z.literal(true),
      allocatable: z.number().int(),
      reserved: z.number().int(),
      total: z.number().int(),
      members_dedicated: z.number().int().meta({ description: 'Members in dedicated mode' }),
    }),
  )
  .query(async ({ ctx }) => ({ ok: true as const, ...(await getPool(ctx.db, ctx.identity.tenantId)) }));
