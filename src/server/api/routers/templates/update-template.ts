import { templateUpdateSchema } from '@/contracts/templates';
import { updateTemplate } from '@/server/domain/templates/templates';
import { writerProcedure } from '@/server/api/trpc';
import { oneTemplateOutput } from './list-templates.types';
import { updateTemplateMeta } from './update-template.types';

export const updateTemplateProcedure = writerProcedure
  .meta(updateTemplateMeta)
  .input(templateUpdateSchema)
  .output(oneTemplateOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await updateTemplate(ctx, ctx.identity, input)) }));
