import { videoTemplateCreateSchema } from '@/contracts/templates';
import { createVideoTemplate } from '@/server/domain/templates/video-templates';
import { writerProcedure } from '@/server/api/trpc';
import { createVideoTemplateMeta } from './create-video-template.types';
import { oneVideoTemplateOutput } from './list-video-templates.types';

export const createVideoTemplateProcedure = writerProcedure
  .meta(createVideoTemplateMeta)
  .input(videoTemplateCreateSchema)
  .output(oneVideoTemplateOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await createVideoTemplate(ctx, ctx.identity, input)),
  }));
