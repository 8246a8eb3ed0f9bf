import { router } from '@/server/api/trpc';
import { bindHookProcedure } from './bind-hook';
import { deleteHookProcedure } from './delete-hook';
import { listHooksProcedure } from './list-hooks';
import { updateHookProcedure } from './update-hook';

export const hooksRouter = router({ list: listHooksProcedure, bind: bindHookProcedure, update: updateHookProcedure, remove: deleteHookProcedure });
