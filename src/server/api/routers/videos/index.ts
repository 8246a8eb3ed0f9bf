import { router } from '@/server/api/trpc';
import { getVideosProcedure } from './get-videos';
import { removeVideoProcedure } from './remove-video';
import { submitVideoProcedure } from './submit-video';

export const videosRouter = router({
  submit: submitVideoProcedure,
  get: getVideosProcedure,
  remove: removeVideoProcedure,
});
