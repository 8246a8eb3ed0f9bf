import { router } from '@/server/api/trpc';
import { createTemplateProcedure } from './create-template';
import { createVideoTemplateProcedure } from './create-video-template';
import { listTemplatesProcedure } from './list-templates';
import { listVideoTemplatesProcedure } from './list-video-templates';
import { updateTemplateProcedure } from './update-template';
import { updateVideoTemplateProcedure } from './update-video-template';

export const templatesRouter = router({
  list: listTemplatesProcedure,
  create: createTemplateProcedure,
  update: updateTemplateProcedure,
  listVideo: listVideoTemplatesProcedure,
  createVideo: createVideoTemplateProcedure,
  updateVideo: updateVideoTemplateProcedure,
});
