import { router } from '@/server/api/trpc';
import { generateProcedure } from './generate';
import { generateBatchProcedure } from './generate-batch';
import { getJobsProcedure } from './get-jobs';
import { jobDetailProcedure } from './job-detail';

export const jobsRouter = router({
  generate: generateProcedure,
  generateBatch: generateBatchProcedure,
  get: getJobsProcedure,
  detail: jobDetailProcedure,
});
