import { router } from '@/server/api/trpc';
import { bindPipelineProcedure } from './bind-pipeline';
import { deletePipelineProcedure } from './delete-pipeline';
import { listPipelinesProcedure } from './list-pipelines';
import { updatePipelineProcedure } from './update-pipeline';

export const pipelinesRouter = router({
  list: listPipelinesProcedure,
  bind: bindPipelineProcedure,
  update: updatePipelineProcedure,
  remove: deletePipelineProcedure,
});
