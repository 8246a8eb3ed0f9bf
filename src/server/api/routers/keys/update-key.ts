import { keyUpdateSchema } from '@/contracts/keys';
import { updateKey } from '@/server/domain/keys/key-edit';
import { scopedProcedure } from '@/server/api/trpc';
import { updateKeyMeta, updateKeyOutput } from './update-key.types';

export const updateKeyProcedure = scopedProcedure
  .meta(updateKeyMeta)
  .input(keyUpdateSchema)
  .output(updateKeyOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await updateKey(ctx, ctx.identity, input)) }));
