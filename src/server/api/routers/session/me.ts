import { sessionSummary } from '@/server/domain/auth/session';
import { scopedProcedure } from '@/server/api/trpc';
import { meInput, meOutput } from './me.types';

/** Console only (no REST path): who is signed in and their tenant's headline figures. */
export const meProcedure = scopedProcedure
  .input(meInput)
  .output(meOutput)
  .query(({ ctx }) => sessionSummary(ctx, ctx.identity));
