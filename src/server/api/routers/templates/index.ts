import { router } from '../../trpc';
import { createTemplateProcedure } from './create-template';
import { listTemplatesProcedure } from './list-templates';
import { updateTemplateProcedure } from './update-template';
import { createVideoTemplateProcedure, listVideoTemplatesProcedure, updateVideoTemplateProcedure } from './video-templates';

export const templatesRouter = router({
  list: listTemplatesProcedure,
  create: createTemplateProcedure,
  update: updateTemplateProcedure,
  listVideo: listVideoTemplatesProcedure,
  createVideo: createVideoTemplateProcedure,
  updateVideo: updateVideoTemplateProcedure,
});
