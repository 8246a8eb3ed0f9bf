import { readKey } from '@/server/domain/auth/api-keys';
import { tenantProcedure } from '@/server/api/trpc';
import { revealKeyInput, revealKeyOutput } from './reveal-key.types';

/**
 * Console only (no REST path): the tenant key, shown when the signed-in tenant administrator asks for
 * it (overview, the API reference's "try it"). Members and member keys get 403.
 */
export const revealKeyProcedure = tenantProcedure
  .input(revealKeyInput)
  .output(revealKeyOutput)
  .query(async ({ ctx }) => ({ api_key: await readKey(ctx.db, ctx.config.secret, ctx.identity.tenantId, null) }));
