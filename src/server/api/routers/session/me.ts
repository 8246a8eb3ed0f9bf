import { z } from 'zod';
import { getTenant } from '../../../domain/tenants/tenants';
import { upstreams } from '../../../db/schema';
import { and, eq, ne } from 'drizzle-orm';
import { scopedProcedure } from '../../trpc';

/** Console only (no REST path): who is signed in and their tenant's headline figures. */
export const meProcedure = scopedProcedure
  .input(z.void())
  .output(
    z.object({
      kind: z.enum(['tenant', 'member']),
      /** A buyer's platform account (opened by a claim code): the console shows the buyer view. */
      personal: z.boolean(),
      tenant: z.object({ id: z.string(), name: z.string(), credits: z.number().int(), quota_monthly: z.number().int() }),
      /** True when the bundled simulator serves requests: the console then says results are simulated. */
      simulated: z.boolean(),
    }),
  )
  .query(async ({ ctx }) => {
    const tenant = await getTenant(ctx.db, ctx.identity.tenantId);
    const [sim] = await ctx.db.select({ id: upstreams.id }).from(upstreams).where(and(eq(upstreams.simulated, true), ne(upstreams.source, 'retired'))).limit(1);
    return {
      simulated: sim !== undefined,
      kind: ctx.identity.kind,
      personal: ctx.identity.kind === 'tenant' && ctx.identity.personal === true,
      tenant: { id: tenant.id, name: tenant.name, credits: tenant.credits, quota_monthly: tenant.quotaMonthly },
    };
  });
