import { router } from '@/server/api/trpc';
import { callDetailProcedure } from './call-detail';
import { exportCallsProcedure } from './export-calls';
import { listCallsProcedure } from './list-calls';

export const callsRouter = router({
  list: listCallsProcedure,
  detail: callDetailProcedure,
  export: exportCallsProcedure,
});
