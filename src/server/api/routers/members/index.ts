import { router } from '@/server/api/trpc';
import { memberActionProcedure, memberActionProcedures } from './member-action';
import { listMembersProcedure } from './list-members';

export const membersRouter = router({
  list: listMembersProcedure,
  action: memberActionProcedure,
  ...memberActionProcedures,
});
