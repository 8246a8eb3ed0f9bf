import { keyUpdateSchema, memberKeyPolicySchema } from '@/contracts/keys';
import { setMemberKeyPolicy, updateKey } from '@/server/domain/keys/key-edit';
import { scopedProcedure, tenantProcedure } from '@/server/api/trpc';
import { memberKeyPolicyMeta, memberKeyPolicyOutput, updateKeyMeta, updateKeyOutput } from './update-key.types';

export const updateKeyProcedure = scopedProcedure
  .meta(updateKeyMeta)
  .input(keyUpdateSchema)
  .output(updateKeyOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await updateKey(ctx, ctx.identity, input)) }));

export const memberKeyPolicyProcedure = tenantProcedure
  .meta(memberKeyPolicyMeta)
  .input(memberKeyPolicySchema)
  .output(memberKeyPolicyOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await setMemberKeyPolicy(ctx, ctx.identity, input)),
  }));
