import { keyCreateSchema } from '@/contracts/keys';
import { createKey } from '@/server/domain/keys/named-keys';
import { scopedProcedure } from '@/server/api/trpc';
import { createKeyMeta, createKeyOutput } from './create-key.types';

export const createKeyProcedure = scopedProcedure
  .meta(createKeyMeta)
  .input(keyCreateSchema)
  .output(createKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const { key, view } = await createKey(ctx, ctx.identity, input);
    return { ok: true as const, api_key: key, key: view };
  });
