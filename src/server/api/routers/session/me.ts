import { z } from 'zod';
import { getTenant } from '../../../domain/tenants/tenants';
import { scopedProcedure } from '../../trpc';

/** Console only (no REST path): who is signed in and their tenant's headline figures. */
export const meProcedure = scopedProcedure
  .input(z.void())
  .output(
    z.object({
      kind: z.enum(['tenant', 'member']),
      tenant: z.object({ id: z.string(), name: z.string(), credits: z.number().int(), quota_monthly: z.number().int() }),
    }),
  )
  .query(async ({ ctx }) => {
    const tenant = await getTenant(ctx.db, ctx.identity.tenantId);
    return {
      kind: ctx.identity.kind,
      tenant: { id: tenant.id, name: tenant.name, credits: tenant.credits, quota_monthly: tenant.quotaMonthly },
    };
  });
