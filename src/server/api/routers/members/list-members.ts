import { listMembers } from '@/server/domain/members/members';
import { organizationProcedure } from '@/server/api/trpc';
import { listMembersInput, listMembersMeta, listMembersOutput } from './list-members.types';

export const listMembersProcedure = organizationProcedure
  .meta(listMembersMeta)
  .input(listMembersInput)
  .output(listMembersOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await listMembers(ctx, ctx.identity)) }));
