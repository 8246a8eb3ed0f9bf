import { keyListSchema } from '@/contracts/keys';
import { listKeys } from '@/server/domain/keys/named-keys';
import { scopedProcedure } from '@/server/api/trpc';
import { listKeysMeta, listKeysOutput } from './list-keys.types';

export const listKeysProcedure = scopedProcedure
  .meta(listKeysMeta)
  .input(keyListSchema)
  .output(listKeysOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listKeys(ctx, ctx.identity, input)) }));
