import { keyRevokeSchema } from '@/contracts/keys';
import { revokeKey } from '@/server/domain/keys/named-keys';
import { scopedProcedure } from '@/server/api/trpc';
import { revokeKeyMeta, revokeKeyOutput } from './revoke-key.types';

export const revokeKeyProcedure = scopedProcedure
  .meta(revokeKeyMeta)
  .input(keyRevokeSchema)
  .output(revokeKeyOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await revokeKey(ctx, ctx.identity, input)) }));
