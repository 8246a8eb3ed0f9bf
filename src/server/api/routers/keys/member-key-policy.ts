import { memberKeyPolicySchema } from '@/contracts/keys';
import { setMemberKeyPolicy } from '@/server/domain/keys/key-edit';
import { tenantProcedure } from '@/server/api/trpc';
import { memberKeyPolicyMeta, memberKeyPolicyOutput } from './update-key.types';

export const memberKeyPolicyProcedure = tenantProcedure
  .meta(memberKeyPolicyMeta)
  .input(memberKeyPolicySchema)
  .output(memberKeyPolicyOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await setMemberKeyPolicy(ctx, ctx.identity, input)),
  }));
