import { videoTemplateUpdateSchema } from '@/contracts/templates';
import { updateVideoTemplate } from '@/server/domain/templates/video-templates';
import { writerProcedure } from '@/server/api/trpc';
import { oneVideoTemplateOutput } from './list-video-templates.types';
import { updateVideoTemplateMeta } from './update-video-template.types';

export const updateVideoTemplateProcedure = writerProcedure
  .meta(updateVideoTemplateMeta)
  .input(videoTemplateUpdateSchema)
  .output(oneVideoTemplateOutput)
  .mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await updateVideoTemplate(ctx, ctx.identity, input)),
  }));
