import { templateCreateSchema } from '@/contracts/templates';
import { createTemplate } from '@/server/domain/templates/templates';
import { writerProcedure } from '@/server/api/trpc';
import { createTemplateMeta } from './create-template.types';
import { oneTemplateOutput } from './list-templates.types';

export const createTemplateProcedure = writerProcedure
  .meta(createTemplateMeta)
  .input(templateCreateSchema)
  .output(oneTemplateOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await createTemplate(ctx, ctx.identity, input)) }));
