import { z } from 'zod';
import { listUpstreamsForOperator } from '../../../upstreams/operator';
import { updateUpstream } from '../../../upstreams/registry';
import { adminProcedure, router } from '../../trpc';
import { operatorUpstream } from '../admin/admin-action.types';

/** Console-only procedures of the operator area (the REST surface is POST /api/admin). */
export const operatorRouter = router({
  upstreams: adminProcedure
    .input(z.void())
    .output(z.array(operatorUpstream))
    .query(({ ctx }) => listUpstreamsForOperator(ctx.db)),
  updateUpstream: adminProcedure
    .input(z.strictObject({ name: z.string().min(1), enabled: z.boolean().optional(), rating: z.number().min(0).max(5).optional() }))
    .output(operatorUpstream)
    .mutation(async ({ ctx, input }) => {
      await updateUpstream(ctx.db, input);
      const view = (await listUpstreamsForOperator(ctx.db)).find((u) => u.name === input.name);
      if (!view) throw new Error('upstream vanished during the update');
      return view;
    }),
});
